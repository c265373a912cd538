"""The README's headline table of measured figures, rewritten from the same run as the report.

bench_report.py calls update() after a full run that writes the repository's docs/, so the numbers
in the README always come from docs/performance.md's run. The table sits between the two HEADLINE
markers in README.md; everything else in the README is left alone.
"""
import re
from pathlib import Path

import bench_report_data as data_module
from bench_table import number_format

BEGIN = "<!-- performance table: written by scripts/bench_readme.py -->"
END = "<!-- end of performance table -->"

# (engine, method, algorithm, size): the operations a reader asks about first.
HEADLINE = [
    ("MessageDigest", "digest", "SHA-256", 64),
    ("MessageDigest", "digest", "SHA-512", 64),
    ("MessageDigest", "digest", "SHA-256", 1048576),
    ("Mac", "doFinal", "HmacSHA256", 64),
    ("Cipher", "seal", "AES-128-GCM", None),
    ("Cipher", "doFinal", "AES-256-GCM", 16384),
    ("Cipher", "doFinal", "AES-256-CTR", 16384),
    ("Cipher", "doFinal", "AES-256-CBC-Decrypt", 16384),
    ("Cipher", "doFinalIntoArray", "AES-256-GCM", 16384),
    ("Cipher", "doFinalIntoArray", "AES-256-CTR", 16384),
    ("Cipher", "doFinalIntoArray", "AES-256-CBC-Decrypt", 16384),
    ("Cipher", "doFinal", "ChaCha20-Poly1305", 16384),
    ("Signature", "signFresh", "ECDSA-P256", None),
    ("Signature", "verifyFresh", "ECDSA-P256", None),
    ("Signature", "signFresh", "Ed25519", None),
    ("KeyAgreement", "generateSecretFresh", "ECDH-P256", None),
    ("KeyAgreement", "generateSecretFresh", "X25519", None),
    ("KeyPairGenerator", "generateKeyPair", "P-256", None),
    ("Kdf", "extractThenExpand", "HKDF-SHA256", None),
    ("SecureRandom", "nextBytes", None, 16),
    ("SecureRandom", "nextBytes", None, 4096),
]


def find(data, engine, method, algorithm, size):
    for row in data.rows:
        params = dict(row.params)
        if (row.engine == engine and row.method == method and row.algorithm == algorithm
                and (size is None or params.get("size") == str(size))):
            return row
    return None


def table(data, label, method_text):
    # "limit × JDK" is the best ratio any provider on this OpenSSL can reach on this machine: it
    # says whether a gap to a target is ours or the JDK's speed against OpenSSL's.
    lines = ["| operation | Carbide | JDK 25 | × JDK | % of native limit | limit × JDK |",
             "|---|---:|---:|---:|---:|---:|"]
    for engine, method, algorithm, size in HEADLINE:
        row = find(data, engine, method, algorithm, size)
        if row is None or "Carbide" not in row.cells or "JDK" not in row.cells:
            continue
        ours, jdk = row.cells["Carbide"][0], row.cells["JDK"][0]
        limit = data_module.native_limit(data, row, "Carbide")
        share = f"{100 * ours / limit:.0f}%" if limit else "-"
        ceiling = f"{limit / jdk:.2f}" if limit else "-"
        what = " ".join(filter(None, [engine, method_text(method), label(row)]))
        lines.append(f"| {what} | {number_format(ours)} | {number_format(jdk)} | "
                     f"{ours / jdk:.2f} | {share} | {ceiling} |")
    return lines


def update(readme, data, label, method_text):
    """Rewrites the table between the markers of `readme`; returns False if it has no markers."""
    text = readme.read_text()
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        return False
    body = "\n".join([BEGIN] + table(data, label, method_text) + [END])
    readme.write_text(pattern.sub(lambda _: body, text))
    return True
