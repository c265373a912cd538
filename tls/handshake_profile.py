"""Used by ./carbide tls --profile (tls/run.py): where the server's CPU goes in HTTPS.

Runs the benchmark's server in the configurations asked for (by default on the JDK's providers and
on Carbide) under `openssl s_time -new` (full handshakes, one connection at a time) or, with
`--load keepalive`, under wrk's keep-alive requests, after a warm-up; samples it with `perf record
-g` (the JVM writes its JIT symbols to /tmp/perf-PID.map at exit and keeps frame pointers), and
sorts each sample into a category by the innermost frame that names one: OpenSSL (libcrypto,
libssl), Carbide's bridges and Java code, Conscrypt's, the JDK's own cryptography, the JCA's lookups
and engine wrappers, SunJSSE, certificate and ASN.1 code, the HTTP server, the kernel, the JIT
compiler, the collector. Prints and returns the split, in server CPU µs per handshake or request.
"""
import re
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

# (category, pattern on a frame's "symbol dso"), tried from the innermost frame outwards.
CATEGORIES = [
    ("kernel", re.compile(r"\[kernel\.kallsyms\]")),
    ("OpenSSL (libcrypto)", re.compile(r"libcrypto(-carbide)?\.so")),
    # The engine's TLS state machine and records (libssl), its JNI bridge, its Java side; and
    # Conscrypt's, whose one library holds BoringSSL's crypto, its TLS and its JNI bridge.
    ("OpenSSL (libssl)", re.compile(r"libssl(-carbide)?\.so")),
    ("Carbide TLS engine bridge (libcarbide-ssl)", re.compile(r"libcarbide-ssl\.so")),
    ("Carbide TLS engine (Java)", re.compile(r"dev[./]carbide[./]ssl[./]")),
    ("Conscrypt native (BoringSSL, its JNI)", re.compile(r"libconscrypt")),
    ("Conscrypt Java", re.compile(r"org[./]conscrypt")),
    ("Carbide JNI bridge", re.compile(r"libcarbide\.so")),
    ("Carbide Java adapters", re.compile(r"dev[./]carbide")),
    ("JDK cryptography", re.compile(
        r"sun[./]security[./](ec|rsa|util[./]math|util[./]ArrayUtil"
        r"|provider[./](SHA|DigestBase|ByteArrayAccess|\w*Drbg|DRBG|SecureRandom|NativePRNG))"
        r"|com[./]sun[./]crypto[./]provider")),
    # The JVM's stubs: array copies and fills, and also the JDK's AES, GHASH and SHA intrinsics,
    # which perf cannot tell apart; kept apart so that neither side's cryptography is inflated.
    ("JVM stubs (array copies; the JDK's crypto intrinsics)", re.compile(r"StubRoutines")),
    ("JCA lookups and engine wrappers", re.compile(r"javax[./]crypto[./]|java[./]security[./]")),
    ("certificates, ASN.1", re.compile(
        r"sun[./]security[./](x509|util|pkcs|validator|provider[./]certpath|provider[./]X509)")),
    ("SunJSSE", re.compile(r"sun[./]security[./]ssl")),
    ("HTTP server", re.compile(r"sun[./]net[./]httpserver")),
    ("socket I/O (Java)", re.compile(r"sun[./]nio|java[./]nio")),
]
THREAD_CATEGORIES = [
    ("JIT compiler", re.compile(r"C[12] CompilerThre|C2 Compiler|C1 Compiler")),
    ("garbage collector", re.compile(r"GC Thread|G1 |VM Thread|GC ")),
]


WARM_SECONDS = 20


def classify(comm, frames):
    for name, pattern in THREAD_CATEGORIES:
        if pattern.search(comm):
            return name
    for frame in frames:
        for name, pattern in CATEGORIES:
            if pattern.search(frame):
                return name
    return "other (JVM runtime, interpreter, libc)"


def split(perf_data):
    out = subprocess.run(["perf", "script", "-i", perf_data, "-F", "comm,tid,ip,sym,dso"],
                         capture_output=True, text=True, errors="replace").stdout
    counts = Counter()
    for block in out.split("\n\n"):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        comm = lines[0].strip().rsplit(" ", 1)[0]
        counts[classify(comm, [line.strip() for line in lines[1:]])] += 1
    return counts


# What each load runs against the server, and how its output counts the work done: full
# handshakes (s_time -new), resumed connections (s_time -reuse), keep-alive requests (wrk, which
# also serves the plain HTTP configuration, the baseline of TLS's cost per request).
LOADS = {"full": "-new", "resumed": "-reuse", "keepalive": None}


def load_command(load, server, row, seconds):
    if LOADS[load] is None:
        return ["wrk", "-t1", "-c4", f"-d{seconds}s", f"{server.scheme}://127.0.0.1:{server.port}/"]
    return ["openssl", "s_time", "-connect", f"127.0.0.1:{server.port}", LOADS[load], "-www", "/",
            *row[5], "-time", str(seconds)]


def count(load, out):
    pattern = r"(\d+) requests in" if LOADS[load] is None else r"(\d+) connections in [\d.]+s"
    return int(re.search(pattern, out).group(1))


def profile(jar, row, config, directory, override, seconds, server_class, load="full"):
    extra = ["-XX:+UnlockDiagnosticVMOptions", "-XX:+DumpPerfMapAtExit",
             "-XX:+PreserveFramePointer"]
    server = server_class(jar, config, row, directory, override, extra)
    data = Path(directory) / f"perf-{config.replace(' ', '-')}.data"
    try:
        # Warm-up: SunJSSE's handshake code must be compiled before the samples mean anything.
        subprocess.run(load_command(load, server, row, WARM_SECONDS), check=True,
                       capture_output=True)
        cpu = server.cpu_seconds()
        client = subprocess.Popen(load_command(load, server, row, seconds),
                                  stdout=subprocess.PIPE, text=True)
        subprocess.run(["perf", "record", "-F", "499", "-g", "-p", str(server.process.pid),
                        "-o", str(data), "--", "sleep", str(seconds)],
                       check=True, capture_output=True)
        out, _ = client.communicate()
        cpu = server.cpu_seconds() - cpu
        connections = count(load, out)
    finally:
        server.stop()  # the JVM writes /tmp/perf-PID.map as it exits
    time.sleep(0.5)
    counts = split(str(data))
    total = sum(counts.values())
    per_handshake = cpu * 1e6 / connections
    return {name: per_handshake * count / total for name, count in counts.most_common()}, \
        per_handshake, connections


def table(profiles, unit="handshake"):
    """profiles: {(row name, config): (split, µs per handshake or request, count)}; a row name may
    carry its load, as "row [resumed]"."""
    names = []
    for split_, _, _ in profiles.values():
        for name in split_:
            if name not in names:
                names.append(name)
    keys = list(profiles)
    header = "| category | " + " | ".join(f"{row}: {config}" for row, config in keys) + " |"
    lines = [header, "|---|" + "---:|" * len(keys)]
    for name in names:
        cells = [f"{profiles[key][0].get(name, 0):.0f}" for key in keys]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines.append(f"| **total server CPU µs per {unit}** | "
                 + " | ".join(f"**{profiles[key][1]:.0f}**" for key in keys) + " |")
    lines.append(f"| {unit}s sampled | "
                 + " | ".join(str(profiles[key][2]) for key in keys) + " |")
    return "\n".join(lines)
