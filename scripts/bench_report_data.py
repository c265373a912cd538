"""Reads a bench.sh results directory for bench_report.py: JMH results, the launcher's lists of
unavailable combinations and provider versions, the native limit (Google Benchmark JSON), and the
machine's description.

A native benchmark matches a JMH result by engine type, algorithm, size and, where an engine has
several operations, method. The function name says the engine and method (NATIVE_ENGINES); its
first non-numeric argument is the algorithm and its last numeric one the size, both compared after
dropping everything but letters and digits ("SHA3_256" matches "SHA3-256", "ECDSA_P256" matches
"ECDSA-P256"). NATIVE_ALIASES names the benchmarks that do not follow that shape. A family that
adds a native benchmark adds its function here.
"""
import json
import os
import platform
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import bench_table

# Native function -> (engine, JMH method). A method of None matches every method of the engine;
# a named one matches that method and its "Fresh" form (getInstance + init per operation), whose
# limit is the same raw operation.
NATIVE_ENGINES = {
    "BM_Digest": ("MessageDigest", None),
    "BM_Hmac": ("Mac", None),
    "BM_RandBytes": ("SecureRandom", None),
    "BM_AeadSeal": ("Cipher", None),
    "BM_Stream": ("Cipher", None),
    "BM_EcdsaSign": ("Signature", "sign"),
    "BM_EcdsaVerify": ("Signature", "verify"),
    "BM_EdSign": ("Signature", "sign"),
    "BM_EdVerify": ("Signature", "verify"),
    "BM_RsaSign": ("Signature", "sign"),
    "BM_RsaVerify": ("Signature", "verify"),
    "BM_RsaPssSign": ("Signature", "sign"),
    "BM_RsaPssVerify": ("Signature", "verify"),
    "BM_Ecdh": ("KeyAgreement", None),
    "BM_Xdh": ("KeyAgreement", None),
    "BM_EcKeygen": ("KeyPairGenerator", None),
    "BM_EdKeygen": ("KeyPairGenerator", None),
    "BM_RsaKeygen": ("KeyPairGenerator", None),
    "BM_MlKemKeygen": ("KEM", "keygen"),
    "BM_MlKemEncaps": ("KEM", "encapsulate"),
    "BM_MlKemDecaps": ("KEM", "decapsulate"),
    "BM_PqcSign": ("Signature", "sign"),
    "BM_PqcVerify": ("Signature", "verify"),
    "BM_PqcKeygen": ("KeyPairGenerator", None),
    "BM_EvpMac": ("Mac", None),
    "BM_Dh": ("KeyAgreement", None),
    "BM_DhKeygen": ("KeyPairGenerator", None),
    "BM_Pbes2": ("Cipher", None),
}
# Full native name -> (engine, algorithm, size, method). For HKDF the limit is the composed path,
# the one Carbide takes on OpenSSL's default provider (kdf_bench.cc).
NATIVE_ALIASES = {
    "BM_HkdfComposed/ExtractThenExpand32": ("Kdf", "HKDF-SHA256", None, None),
    "BM_AeadSeal/AES128_GCM_TlsRecord/1024": ("Cipher", "AES-128-GCM", 1024, "seal"),
    "BM_RsaOaep/Encrypt_2048": ("Cipher", "RSA-2048-OAEP", None, "encrypt"),
    "BM_RsaOaep/Decrypt_2048": ("Cipher", "RSA-2048-OAEP", None, "decrypt"),
}

# Benchmark classes whose rows belong in another engine's table: the TLS record, the reused
# output array, RSA encryption and PBES2 are Cipher uses.
ENGINE_OF = {"CipherTlsRecord": "Cipher", "CipherIntoArray": "Cipher", "RsaCipher": "Cipher",
             "PbeCipher": "Cipher"}

# Native files in a results directory, and the providers whose OpenSSL each one measured.
NATIVE_FILES = {"native.json": "bundled", "native-system.json": "system"}
SYSTEM_OPENSSL_PROVIDERS = {"Carbide-3.0"}

# The flags that change someone's speed here; avx512ifma, for one, lets JDK 25 run its P-256
# arithmetic on an intrinsic 1.5-1.7x faster than its plain Java, which moves every P-256 ratio.
CPU_FLAGS = ["aes", "pclmulqdq", "vaes", "vpclmulqdq", "sha_ni", "avx", "avx2", "avx512f",
             "avx512bw", "avx512vl", "avx512ifma", "bmi2", "adx"]


def canon(name):
    return re.sub(r"[^A-Z0-9]", "", str(name).upper()) if name is not None else None


@dataclass
class Row:
    """One benchmark and parameter set, with each provider's result (score, error) or reason."""

    engine: str
    method: str
    params: tuple
    cells: dict = field(default_factory=dict)
    reasons: dict = field(default_factory=dict)

    @property
    def algorithm(self):
        return dict(self.params).get("algorithm")

    @property
    def size(self):
        size = dict(self.params).get("size")
        return int(size) if size is not None else None


@dataclass
class Data:
    rows: list
    providers: list
    versions: dict
    native: dict  # (openssl, engine, canon algorithm, size, method or None) -> ops/ms
    jvm: dict
    unavailable: list


def load(directory):
    results, unavailable = bench_table.load(directory)
    rows, order = {}, []
    for r in results:
        cls, method = r["benchmark"].split(".")[-2:]
        params = dict(r.get("params", {}))
        provider = params.pop("provider", "?")
        key = (engine_of(cls), method, tuple(sorted(params.items())))
        row = rows.setdefault(key, Row(*key))
        metric = r["primaryMetric"]
        error = metric.get("scoreError")
        row.cells[provider] = (metric["score"], error if isinstance(error, (int, float)) else None)
        if provider not in order:
            order.append(provider)
    for cls, provider, algorithm, reason in unavailable:
        engine = engine_of(cls)
        for row in rows.values():
            if row.engine == engine and (not algorithm or row.algorithm == algorithm):
                row.reasons.setdefault(provider, reason)
        if provider not in order:
            order.append(provider)
    versions = {}
    tsv = directory / "providers.tsv"
    if tsv.exists():
        for line in tsv.read_text().splitlines():
            if "\t" in line:
                name, text = line.split("\t", 1)
                versions[name] = text
    first = [p for p in ["Carbide", "Carbide-hybrid-off", "Carbide-3.0", "JDK"] if p in order]
    providers = first + [p for p in order if p not in first]
    jvm = {k: results[0].get(k) for k in ("jdkVersion", "vmName", "vmVersion")} if results else {}
    # Engines and algorithms in the order they ran (the @Param order), sizes by number.
    seen = {}
    for engine, _, params in rows:
        seen.setdefault(engine, len(seen))
        for _, value in params:
            seen.setdefault(value, len(seen))
    ordered = sorted(rows.values(), key=lambda row: (seen[row.engine], row.method, order_key(row, seen)))
    return Data(ordered, providers, versions, load_native(directory), jvm, unavailable)


def engine_of(cls):
    engine = bench_table.short(cls)
    return ENGINE_OF.get(engine, engine)


def order_key(row, seen):
    return [(0, float(v)) if re.fullmatch(r"[0-9.]+", v) else (1, seen[v]) for _, v in row.params]


def load_native(directory):
    native = {}
    for name, openssl in NATIVE_FILES.items():
        path = directory / name
        if not path.exists():
            continue
        for bench in json.loads(path.read_text()).get("benchmarks", []):
            if bench.get("run_type") == "aggregate" and bench.get("aggregate_name") != "mean":
                continue
            if bench.get("error_occurred"):  # skipped: this OpenSSL lacks the algorithm
                continue
            key = native_key(bench["name"])
            per_ms = UNITS_PER_MS.get(bench.get("time_unit"))
            if key and per_ms and bench.get("real_time"):
                native[(openssl,) + key] = per_ms / bench["real_time"]
    return native


# Wall-clock time per operation, as JMH measures, rather than the ops_per_ms counter, which
# Google Benchmark computes from CPU time and so reads high on a busy machine.
UNITS_PER_MS = {"ns": 1e6, "us": 1e3, "ms": 1.0, "s": 1e-3}


def native_key(name):
    """(engine, canon algorithm, size, method) for a Google Benchmark name, or None if unmapped."""
    parts = [p for p in name.split("/") if ":" not in p]
    base = "/".join(parts).removesuffix("_mean")
    if base in NATIVE_ALIASES:
        engine, algorithm, size, method = NATIVE_ALIASES[base]
        return engine, canon(algorithm), size, method
    if parts[0] not in NATIVE_ENGINES:
        return None
    engine, method = NATIVE_ENGINES[parts[0]]
    words = [p for p in parts[1:] if not p.isdigit()]
    sizes = [int(p) for p in parts[1:] if p.isdigit()]
    return engine, canon(words[0]) if words else None, sizes[-1] if sizes else None, method


def native_limit(data, row, provider):
    openssl = "system" if provider in SYSTEM_OPENSSL_PROVIDERS else "bundled"
    key = (openssl, row.engine, canon(row.algorithm), row.size)
    method = row.method.removesuffix("Fresh")
    return data.native.get(key + (method,)) or data.native.get(key + (None,))


def environment(directory):
    """The machine, saved beside the results on first use, so a later regeneration keeps it."""
    saved = directory / "environment.json"
    if saved.exists():
        return json.loads(saved.read_text())
    info = {"cpu": platform.processor() or platform.machine(), "flags": [], "cores": os.cpu_count()}
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name":
                info["cpu"] = value.strip()
            elif key.strip() == "flags" and not info["flags"]:
                present = set(value.split())
                info["flags"] = [f for f in CPU_FLAGS if f in present]
    info["kernel"] = platform.release()
    try:
        info["system_openssl"] = subprocess.run(
            ["openssl", "version"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        info["system_openssl"] = "unknown (no openssl command)"
    saved.write_text(json.dumps(info, indent=2) + "\n")
    return info
