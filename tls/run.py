#!/usr/bin/env python3
"""./carbide tls: what Carbide does for a Java HTTPS server, measured with real clients.

Starts tls/BenchServer.java (the JDK's HttpsServer) once per configuration (plain HTTP,
HTTPS on SunJSSE with the JDK's providers, SunJSSE with Carbide at priority 1, and Carbide with
-Dcarbide.hybrid=off / auto; then the same server on Carbide's native TLS engine and on Conscrypt's
SSLContext instead of SunJSSE), drives it over loopback with Debian's load generators in three loads
(wrk keep-alive; openssl s_time -reuse, one new connection at a time resuming the session;
openssl s_time -new, full handshakes; plain HTTP gets wrk with one connection per request), and
the engine and Conscrypt with full handshakes from tls/HandshakeClient.java (Conscrypt's client)
for X25519MLKEM768 beside X25519, which s_time 3.0 cannot offer. Alternates the configurations
round by round, and reads the server's CPU time from /proc/PID/stat around each measurement.
Writes the results into docs/tls.md (between its markers), a JSON copy into tls/target, and the
chart docs/img/tls.png.

Usage: tls/run.py JAR [--quick] [--rounds N] [--seconds S] [--rows REGEX] [--configs a,b]
                      [--loads keepalive,resumed,full] [--section NAME]
       tls/run.py JAR --profile [--seconds S] [--rows REGEX] [--configs a,b]
                      [--loads full,resumed,keepalive] [--section NAME]
                      [--section NAME]
"""
import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JAVA_HOME = Path(os.environ.get("JAVA_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"))
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
RESPONSE_BYTES = 16384

# name, certificate, protocol, named groups, JSSE suites, s_time options, loads, work (µs)
ALL_LOADS = ("keepalive", "resumed", "full")
ROWS = [
    ("TLS 1.3 X25519, EC P-256", "ec", "TLSv1.3", "x25519", "default", ["-tls1_3"], ALL_LOADS, 0),
    ("TLS 1.3 P-256, EC P-256", "ec", "TLSv1.3", "secp256r1", "default", ["-tls1_3"], ALL_LOADS, 0),
    ("TLS 1.2 ECDHE-ECDSA-AES256-GCM-SHA384, EC P-256", "ec", "TLSv1.2", "x25519,secp256r1",
     "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
     ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES256-GCM-SHA384"], ALL_LOADS, 0),
    ("TLS 1.3 X25519, RSA-2048", "rsa", "TLSv1.3", "x25519", "default", ["-tls1_3"], ALL_LOADS, 0),
    ("TLS 1.2 ECDHE-RSA-AES256-GCM-SHA384, RSA-2048", "rsa", "TLSv1.2", "x25519,secp256r1",
     "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
     ["-tls1_2", "-cipher", "ECDHE-RSA-AES256-GCM-SHA384"], ALL_LOADS, 0),
    # IBM's setting: keep-alive, about 500 µs of application work per request.
    ("IBM setting: TLS 1.2 ECDHE-ECDSA-AES256-GCM-SHA384, EC P-256, 500 µs work", "ec", "TLSv1.2",
     "x25519,secp256r1", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
     ["-tls1_2", "-cipher", "ECDHE-ECDSA-AES256-GCM-SHA384"], ("keepalive",), 500),
]
# The hybrid rows: only the engine and Conscrypt offer X25519MLKEM768 (SunJSSE on Java 25 does
# not), so only they serve these rows, and a Java client (Conscrypt's) makes the handshakes.
HYBRID_ROWS = [
    ("TLS 1.3 X25519MLKEM768, EC P-256 (Conscrypt client)", "ec", "TLSv1.3",
     "X25519MLKEM768,x25519", "default", ["X25519MLKEM768"], ("javafull",), 0),
    ("TLS 1.3 X25519, EC P-256 (Conscrypt client)", "ec", "TLSv1.3", "X25519MLKEM768,x25519",
     "default", ["x25519"], ("javafull",), 0),
]
HYBRID_CONFIGS = ("engine", "conscrypt")
CONFIGS = ["http", "jdk", "carbide", "carbide hybrid=off", "carbide hybrid=auto", "engine",
           "conscrypt"]
QUICK_CONFIGS = ["http", "jdk", "carbide", "engine", "conscrypt"]


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


def make_certificates(directory):
    for name, options in (("ec", ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]),
                          ("rsa", ["-newkey", "rsa", "-pkeyopt", "rsa_keygen_bits:2048"])):
        run(["openssl", "req", "-x509", *options, "-nodes", "-keyout", f"{directory}/{name}.key",
             "-out", f"{directory}/{name}.pem", "-days", "2", "-subj", "/CN=localhost",
             "-addext", "subjectAltName=DNS:localhost"])


def conscrypt_jar():
    """Conscrypt's jar, the version the JMH suite uses (bench/pom.xml), from Maven Central."""
    version = re.search(r"<conscrypt\.version>(.+?)</conscrypt\.version>",
                        (ROOT / "bench/pom.xml").read_text()).group(1)
    name = f"conscrypt-openjdk-uber-{version}.jar"
    target = ROOT / "tls/target"
    for candidate in (ROOT / "bench/target/peers" / name, target / name):
        if candidate.exists():
            return str(candidate)
    target.mkdir(exist_ok=True)
    run(["mvn", "-B", "-q", "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy",
         f"-Dartifact=org.conscrypt:conscrypt-openjdk-uber:{version}",
         f"-DoutputDirectory={target}"])
    return str(target / name)


def carbide_first(directory):
    """A java.security override with Carbide at priority 1 and the JDK's list after it."""
    entries = re.findall(r"^security\.provider\.\d+=(.+)$",
                         (JAVA_HOME / "conf/security/java.security").read_text(), re.M)
    lines = ["security.provider.1=Carbide"]
    lines += [f"security.provider.{i + 2}={entry.strip()}" for i, entry in enumerate(entries)]
    path = Path(directory) / "carbide-first.security"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


class Server:
    """One BenchServer JVM; stopped by closing its standard input, then by its own pid."""

    def __init__(self, jar, config, row, directory, override, extra=()):
        _, cert, protocol, groups, suites, _, _, work = row
        classpath = jar + (":" + conscrypt_jar() if config == "conscrypt" else "")
        command = [str(JAVA_HOME / "bin/java"), "-Xms256m", "-Xmx256m", *extra,
                   "--enable-native-access=ALL-UNNAMED", "-cp", classpath,
                   # Without it the server's separate header and body writes wait for the
                   # client's delayed ACK (Nagle): 40 ms per keep-alive request.
                   "-Dsun.net.httpserver.nodelay=true",
                   f"-Djdk.tls.namedGroups={groups}"]
        if config.startswith("carbide") or config == "engine":
            command.append(f"-Djava.security.properties={override}")
            if "hybrid=" in config:
                command.append("-Dcarbide.hybrid=" + config.split("hybrid=")[1])
        if config == "engine":
            command.append(f"-Dcarbide.tls.namedGroups={groups}")
        command += [str(ROOT / "tls/BenchServer.java"), str(RESPONSE_BYTES), str(work)]
        if config != "http":
            stack = config if config in ("engine", "conscrypt") else "jsse"
            command += [f"{directory}/{cert}.pem", f"{directory}/{cert}.key", protocol, suites,
                        stack]
        self.config = config
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline().split()
        if not line or line[0] != "ready":
            self.stop()
            raise RuntimeError(f"server {config} did not start")
        self.port = int(line[1])
        self.provider = line[2]
        self.tls = line[3] if len(line) > 3 else "none"
        self.cert = f"{directory}/{cert}.pem"
        self.scheme = "http" if config == "http" else "https"

    def cpu_seconds(self):
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def stop(self):
        try:
            self.process.stdin.close()
            self.process.wait(timeout=5)
        except (subprocess.TimeoutExpired, BrokenPipeError):
            self.process.kill()
            self.process.wait()


def load(server, kind, row, seconds):
    """Runs one load; returns the number of requests (or connections) completed."""
    url = f"{server.scheme}://127.0.0.1:{server.port}/"
    if kind != "keepalive" and server.scheme == "https":
        # One connection at a time: -new with full handshakes, -reuse resuming the session. (wrk's
        # new-connection mode fails a read on every close of the JDK's HttpsServer and stalls.)
        mode = "-new" if kind == "full" else "-reuse"
        out = run(["openssl", "s_time", "-connect", f"127.0.0.1:{server.port}", mode,
                   "-time", str(int(seconds)), "-www", "/", *row[5]]).stdout
        match = re.search(r"(\d+) connections in [\d.]+s", out)
        return int(match.group(1))
    command = ["wrk", "-t1", "-c4", f"-d{seconds}s", url]
    if kind != "keepalive":
        # Plain HTTP, one TCP connection per request: the baseline of both connection loads.
        command[1:1] = ["-H", "Connection: close"]
    out = run(command).stdout
    return int(re.search(r"(\d+) requests in", out).group(1))


def measure_java_client(server, row, seconds):
    """Full handshakes from HandshakeClient.java; the server's CPU is read after its warm-up."""
    command = [str(JAVA_HOME / "bin/java"), "-Xmx128m", "-cp", conscrypt_jar(),
               f"-Djdk.tls.namedGroups={row[5][0]}", str(ROOT / "tls/HandshakeClient.java"),
               str(server.port), server.cert, "1"]
    client = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        if client.stdout.readline().strip() != "warm":
            raise RuntimeError(f"HandshakeClient failed against {server.config}")
        cpu = server.cpu_seconds()
        start = time.monotonic()
        client.stdin.write(f"{seconds}\n")
        client.stdin.flush()
        line = client.stdout.readline()
        elapsed = time.monotonic() - start
        cpu = server.cpu_seconds() - cpu
        requests = int(re.match(r"(\d+) connections", line).group(1))
    finally:
        client.stdin.close()
        client.wait(timeout=30)
    return {"requests": requests, "rps": requests / elapsed,
            "cpu_us": cpu * 1e6 / max(requests, 1)}


def measure(server, kind, row, seconds):
    if kind == "javafull":
        return measure_java_client(server, row, seconds)
    cpu = server.cpu_seconds()
    start = time.monotonic()
    requests = load(server, kind, row, seconds)
    elapsed = time.monotonic() - start
    cpu = server.cpu_seconds() - cpu
    return {"requests": requests, "rps": requests / elapsed,
            "cpu_us": cpu * 1e6 / max(requests, 1)}


def bench_row(jar, row, configs, rounds, seconds, warm, directory, override, loads=None):
    kinds = [kind for kind in row[6] if loads is None or kind in loads]
    servers = [Server(jar, config, row, directory, override) for config in configs]
    try:
        for server in servers:  # warm-up: the JIT (SunJSSE's handshake code), the session caches
            for kind in kinds:
                measure(server, kind, row, warm)
        samples = {(s.config, kind): [] for s in servers for kind in kinds}
        for round_index in range(rounds):
            order = servers[round_index % len(servers):] + servers[:round_index % len(servers)]
            for kind in kinds:
                for server in order:
                    samples[(server.config, kind)].append(measure(server, kind, row, seconds))
        results = []
        for (config, kind), values in samples.items():
            results.append({
                "row": row[0], "config": config, "load": kind,
                "provider": next(s.provider for s in servers if s.config == config),
                "tls": next(s.tls for s in servers if s.config == config),
                "rps": statistics.median(v["rps"] for v in values),
                "cpu_us": statistics.median(v["cpu_us"] for v in values),
                "rounds": len(values)})
        return results
    finally:
        for server in servers:
            server.stop()


LOAD_NAMES = {"keepalive": "keep-alive, 4 connections (wrk)",
              "resumed": "new connection, resumed (s_time -reuse)",
              "full": "new connection, full handshake (s_time -new)",
              "javafull": "new connection, full handshake (Java client)"}


def table(results):
    lines = ["| configuration | load | requests/s | server CPU µs/request | TLS CPU µs/request "
             "| throughput lost to TLS | CPU × JDK |",
             "|---|---|---:|---:|---:|---:|---:|"]
    rows = []
    for r in results:
        if r["row"] not in rows:
            rows.append(r["row"])
    for row in rows:
        lines.append(f"| **{row}** | | | | | | |")
        for kind in LOAD_NAMES:
            by_config = {r["config"]: r for r in results if r["row"] == row and r["load"] == kind}
            if not by_config:
                continue
            http = by_config.get("http")
            jdk = by_config.get("jdk")
            for config, r in by_config.items():
                tls_cpu = lost = ratio = ""
                if http and config != "http":
                    tls_cpu = f"{r['cpu_us'] - http['cpu_us']:.0f}"
                    lost = f"{100 * (1 - r['rps'] / http['rps']):.0f}%"
                if jdk and config not in ("http", "jdk"):
                    ratio = f"{r['cpu_us'] / jdk['cpu_us']:.2f}"
                lines.append(f"| {config} | {LOAD_NAMES[kind]} | {r['rps']:.0f} | "
                             f"{r['cpu_us']:.0f} | {tls_cpu} | {lost} | {ratio} |")
    return "\n".join(lines)


def chart(results, path):
    python = run([str(ROOT / "scripts/report-python.sh")]).stdout.strip()
    data = json.dumps(results)
    script = r"""
import json, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
results = json.loads(sys.argv[2])
loads = [l for l in ("keepalive", "resumed", "full", "javafull")
         if any(r["load"] == l for r in results)]
titles = {"keepalive": "keep-alive, 16 KiB", "resumed": "new connection, resumed",
          "full": "full handshake", "javafull": "full handshake, Java client"}
def short(row):
    if row.startswith("IBM"):
        return "IBM setting\n+500 µs work"
    protocol, rest = row.replace(" (Conscrypt client)", "").split(", ", 1)
    protocol = protocol.replace("-AES256-GCM-SHA384", "")
    version, exchange = protocol[:7], protocol[8:]
    return f"{version}\n{exchange}\n" + rest.replace(" P-256", "").replace("-2048", "")
rows = []
for r in results:
    if r["row"] not in rows:
        rows.append(r["row"])
configs = []
for r in results:
    if r["config"] not in configs:
        configs.append(r["config"])
fig, axes = plt.subplots(1, len(loads), figsize=(5 * len(loads), 4.5), squeeze=False)
for ax, load in zip(axes[0], loads):
    width = 0.8 / len(configs)
    for i, config in enumerate(configs):
        values = [next((r["cpu_us"] for r in results if r["row"] == row and r["load"] == load
                        and r["config"] == config), 0) for row in rows]
        ax.bar([x + i * width for x in range(len(rows))], values, width, label=config)
    ax.set_title(titles[load])
    ax.set_ylabel("server CPU µs per request")
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(rows))])
    ax.set_xticklabels([short(row) for row in rows], fontsize=6)
axes[0][0].legend(fontsize=7)
fig.tight_layout()
fig.savefig(sys.argv[1], dpi=110)
"""
    subprocess.run([python, "-c", script, str(path), data], check=True)


def machine():
    cpu = run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"]).stdout.strip()
    java = run([str(JAVA_HOME / "bin/java"), "-version"]).stderr.splitlines()[0]
    return f"{os.cpu_count()} cores of {cpu}; {java}"


def replace_section(name, section):
    doc = ROOT / "docs/tls.md"
    text = doc.read_text()
    start = f"<!-- tls {name}: written by tls/run.py -->"
    end = f"<!-- end of tls {name} -->"
    section = start + "\n" + section + "\n" + end
    if start in text:
        text = text[:text.index(start)] + section + text[text.index(end) + len(end):]
    else:
        text += "\n" + section + "\n"
    doc.write_text(text)


def run_profile(jar, seconds, rows, loads, configs, section):
    """Profiles each row under each of its loads in `loads` (by default the full handshakes of
    the TLS 1.3 rows, EC and RSA), on each configuration (by default the JDK's providers and
    Carbide)."""
    import handshake_profile
    profiles = {}
    with tempfile.TemporaryDirectory(prefix="carbide-tls-") as directory:
        make_certificates(directory)
        override = carbide_first(directory)
        for row in rows:
            for load in [load for load in loads if load in row[6]]:
                name = row[0] if load == "full" else f"{row[0]} [{load}]"
                for config in configs or ("jdk", "carbide"):
                    print(f"tls profile: {name}, {config}", file=sys.stderr)
                    profiles[(name, config)] = handshake_profile.profile(
                        jar, row, config, directory, override, seconds, Server, load)
    text = handshake_profile.table(profiles, "request" if loads == ["keepalive"] else "handshake")
    print(text)
    command = shlex.join(["./carbide", "tls", *sys.argv[2:]])
    replace_section(section, "\n".join([
        f"Run of {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: `{command}`; "
        f"{machine()}; each load (`openssl s_time -new` unless named) for {seconds} s after a "
        f"{handshake_profile.WARM_SECONDS} s warm-up, "
        "`perf record -F 499 -g` on the server JVM. Server CPU µs per full handshake (with its "
        "16 KiB response), or per connection or request of the named load, split by the "
        "innermost frame that names a category.",
        "", text]))


def write_doc(results, command, seconds, rounds, section="results", image="tls.png"):
    doc = ROOT / "docs/tls.md"
    text = doc.read_text()
    start = f"<!-- tls {section}: written by tls/run.py -->"
    end = f"<!-- end of tls {section} -->"
    cpu = run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"]).stdout.strip()
    java = run([str(JAVA_HOME / "bin/java"), "-version"]).stderr.splitlines()[0]
    section = "\n".join([
        start,
        f"Run of {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: `{command}`; "
        f"{os.cpu_count()} cores of {cpu}; {java}; wrk and openssl s_time from Debian "
        f"({run(['openssl', 'version']).stdout.strip()}); {rounds} rounds of {seconds} s per "
        "cell, configurations alternated round by round, medians shown. CPU is the server JVM's "
        "user + system time from /proc over the requests it served.",
        "",
        table(results),
        "",
        f"![server CPU per request](img/{image})",
        end])
    if start in text:
        text = text[:text.index(start)] + section + text[text.index(end) + len(end):]
    else:
        text += "\n" + section + "\n"
    doc.write_text(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("jar")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--seconds", type=int)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--rows", help="a regex on the rows' names")
    parser.add_argument("--configs", help="a comma-separated subset of " + ",".join(CONFIGS))
    parser.add_argument("--section", default="results",
                        help="the docs/tls.md section to write (its chart: img/tls-SECTION.png; "
                        "with --profile, the profile's section, by default 'profile')")
    parser.add_argument("--loads",
                        help="a comma-separated subset of " + ",".join(ALL_LOADS) + " (with "
                        "--profile, by default full; else every load of each row)")
    args = parser.parse_args()
    if args.profile:
        sys.path.insert(0, str(ROOT / "tls"))
        rows = [row for row in ROWS if re.search(args.rows, row[0])] if args.rows \
            else [ROWS[0], ROWS[3]]
        configs = args.configs.split(",") if args.configs else None
        section = "profile" if args.section == "results" else args.section
        run_profile(args.jar, args.seconds or 8, rows, (args.loads or "full").split(","), configs,
                    section)
        return
    rounds = args.rounds or 2
    seconds = args.seconds or (1 if args.quick else 2)
    warm = 2 if args.quick else 3
    rows = ROWS + HYBRID_ROWS
    if args.rows:
        rows = [row for row in rows if re.search(args.rows, row[0])]
    elif args.quick:
        rows = ROWS[:1] + HYBRID_ROWS
    configs = QUICK_CONFIGS if args.quick else CONFIGS
    if args.configs:
        configs = [config for config in configs if config in args.configs.split(",")]
    loads = args.loads.split(",") if args.loads else None
    if loads:
        rows = [row for row in rows if set(loads) & set(row[6])]
    results = []
    with tempfile.TemporaryDirectory(prefix="carbide-tls-") as directory:
        make_certificates(directory)
        override = carbide_first(directory)
        for row in rows:
            print(f"tls: {row[0]}", file=sys.stderr)
            row_configs = [c for c in configs if row not in HYBRID_ROWS or c in HYBRID_CONFIGS]
            if row_configs:
                results += bench_row(args.jar, row, row_configs, rounds, seconds, warm, directory,
                                     override, loads)
    target = ROOT / "tls/target"
    target.mkdir(exist_ok=True)
    (target / "results.json").write_text(json.dumps(results, indent=1))
    print(table(results))
    image = "tls.png" if args.section == "results" else f"tls-{args.section}.png"
    chart(results, ROOT / "docs/img" / image)
    command = shlex.join(["./carbide", "tls", *sys.argv[2:]])
    write_doc(results, command, seconds, rounds, args.section, image)


if __name__ == "__main__":
    main()
