#!/usr/bin/env python3
"""Writes the performance report from a bench.sh results directory.

Usage: bench_report.py RESULTS_DIR [DOCS_DIR]

RESULTS_DIR holds results.json (JMH), unavailable.tsv and providers.tsv (the launcher), and
native.json / native-system.json (Google Benchmark's JSON of provider/target/native/carbide_bench
on the bundled and the system OpenSSL). DOCS_DIR (default: docs/ of the repository) receives
performance.md and img/*.png: grouped bars per engine type on a log scale, and one chart of each
provider's ratio to the JDK. Writing the repository's docs/ also rewrites the README's table of
headline figures (bench_readme.py), so they always come from the same run. Needs matplotlib
(scripts/bench.sh installs it if absent).
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts in the work tree
import bench_readme
import bench_report_charts as charts
import bench_report_data as data_module
from bench_table import number_format

JDK = "JDK"
OURS = "Carbide"
NEAR_LIMIT = 0.8  # a share of the native limit above which the gap is OpenSSL's, not ours
# Reused: one engine initialised once. Fresh: getInstance and init per operation, as TLS does.
METHOD_TEXT = {
    "sign": "sign, reused", "signFresh": "sign, fresh", "verify": "verify, reused",
    "verifyFresh": "verify, fresh", "generateSecret": "agree, reused",
    "generateSecretFresh": "agree, fresh", "seal": "TLS record", "generateKeyPair": "keygen",
    "doFinal": "", "doFinalIntoArray": "into a reused array",
    "connection": "TLS 1.3 server connection",
}
CHART_LINE = 13  # characters of a bar group's label per line, to keep neighbours apart


def method_text(method):
    return METHOD_TEXT.get(method, method)


def size_text(size):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale and size % scale == 0:
            return f"{size // scale} {unit}"
    return f"{size} B"


def label(row, separator=" "):
    parts = [row.algorithm] if row.algorithm else []
    parts += [size_text(int(v)) if k == "size" else f"{k}={v}"
              for k, v in row.params if k != "algorithm"]
    return separator.join(parts) or row.method


def score(row, provider):
    cell = row.cells.get(provider)
    return cell[0] if cell else None


def ratio(row, provider):
    ours, jdk = score(row, provider), score(row, JDK)
    return ours / jdk if ours and jdk else None


def environment_section(data, env):
    lines = ["## Environment", "",
             f"- CPU: {env['cpu']}, {env['cores']} cores; flags: {' '.join(env['flags']) or 'none of note'}",
             f"- Kernel: Linux {env.get('kernel', '?')}",
             f"- JDK: {data.jvm.get('vmName', '?')} {data.jvm.get('jdkVersion', '?')}"
             f" ({data.jvm.get('vmVersion', '?')})",
             f"- System OpenSSL: {env.get('system_openssl', '?')}", "", "| provider | version |",
             "|---|---|"]
    lines += [f"| {p} | {data.versions.get(p, '?')} |" for p in data.providers]
    return lines


def engine_table(data, engine, rows):
    lines = [f"## {engine}", "", f"![{engine}](img/{engine}.png)", "",
             "| benchmark | provider | ops/ms | ± error | × JDK | % of native limit |",
             "|---|---|---:|---:|---:|---:|"]
    for row in rows:
        first = f"{method_text(row.method)} {label(row)}".strip()
        for provider in data.providers:
            if provider in row.cells:
                value, error = row.cells[provider]
                r = ratio(row, provider)
                limit = data_module.native_limit(data, row, provider)
                cells = [number_format(value), number_format(error) if error else "-",
                         f"{r:.2f}" if r else "-", f"{100 * value / limit:.0f}%" if limit else "-"]
            elif provider in row.reasons:
                cells = ["n/a", "", "", ""]
            else:
                continue
            lines.append(f"| {first} | {provider} | " + " | ".join(cells) + " |")
            first = ""
    return lines


def summary_section(data):
    leads, trails = [], []
    for row in data.rows:
        ours = score(row, OURS)
        others = {p: score(row, p) for p in data.providers if not p.startswith(OURS)}
        others = {p: s for p, s in others.items() if s}
        if not ours or not others:
            continue
        best = max(others, key=others.get)
        what = " ".join(filter(None, [row.engine, method_text(row.method), label(row)]))
        if ours >= others[best]:
            runner = f"{ours / others[best]:.2f}× the next best ({best})"
            leads.append(f"- {what}: {runner}")
        else:
            limit = data_module.native_limit(data, row, OURS)
            if limit and ours / limit >= NEAR_LIMIT:
                why = (f"Carbide reaches {100 * ours / limit:.0f}% of the native OpenSSL limit, so"
                       f" the gap is OpenSSL's own speed against {best}'s implementation")
            elif limit:
                why = (f"Carbide reaches only {100 * ours / limit:.0f}% of the native OpenSSL"
                       " limit: the cost is in the provider (JNI crossings, copies, per-call set-up)")
            else:
                why = "no native limit measured for this operation"
            trails.append(f"- {what}: {best} is {others[best] / ours:.2f}× faster; {why}")
    lines = ["## Summary", "",
             f"Carbide (on the bundled OpenSSL) leads in {len(leads)} of {len(leads) + len(trails)}"
             " measured operations.", ""]
    if leads:
        lines += ["Where Carbide leads:", ""] + leads + [""]
    if trails:
        lines += ["Where Carbide does not lead, and why:", ""] + trails + [""]
    return lines


def unavailable_section(data):
    if not data.unavailable:
        return []
    lines = ["## Not available", "", "Skipped, not measured (never counted as zero):", "",
             "| benchmark | provider | algorithm | reason |", "|---|---|---|---|"]
    for cls, provider, algorithm, reason in data.unavailable:
        lines.append(f"| {cls.removesuffix('Benchmark')} | {provider} | {algorithm or '-'} |"
                     f" {reason.replace('|', '/')} |")
    return lines


def draw(data, img):
    img.mkdir(parents=True, exist_ok=True)
    panels = []
    for engine, rows in by_engine(data).items():
        several = len({row.method for row in rows}) > 1
        labels = [chart_label(row, several) for row in rows]
        present = [p for p in data.providers if any(p in row.cells for row in rows)]
        scores = {p: [score(row, p) for row in rows] for p in present}
        charts.engine_chart(img / f"{engine}.png", engine, labels, scores, data.providers)
        ratios = {p: [ratio(row, p) for row in rows] for p in present if p != JDK}
        if JDK in present:
            panels.append((engine, labels, ratios))
    if panels:
        charts.ratio_chart(img / "ratio-to-jdk.png", panels, data.providers)


def chart_label(row, with_method):
    """One line per part, long algorithm names broken after a hyphen ("AES-256-CBC-\nEncrypt")."""
    lines = [method_text(row.method)] if with_method else []
    for part in label(row, "\n").split("\n"):
        while len(part) > CHART_LINE and "-" in part[:CHART_LINE]:
            cut = part[:CHART_LINE].rindex("-") + 1
            lines.append(part[:cut])
            part = part[cut:]
        lines.append(part)
    return "\n".join(line for line in lines if line)


def by_engine(data):
    engines = {}
    for row in data.rows:
        engines.setdefault(row.engine, []).append(row)
    return engines


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit(__doc__)
    results = Path(argv[1])
    docs = Path(argv[2]) if len(argv) == 3 else Path(__file__).resolve().parent.parent / "docs"
    data = data_module.load(results)
    env = data_module.environment(results)
    lines = ["# Performance", "",
             "Generated by scripts/bench_report.py from a `./carbide bench` run; throughput in"
             " operations per millisecond, one thread, higher is better. × JDK is the provider's"
             " ops/ms over the JDK provider's; the native limit is the same operation on raw"
             " OpenSSL (native/bench), the bundled OpenSSL for every provider but Carbide-3.0,"
             " which is measured against the system's. A share above 100% means the provider"
             " does less per call than the native benchmark (say, random bytes drawn ahead)."
             " Signature and KeyAgreement rows come twice: *reused* keeps one engine initialised"
             " once, *fresh* calls getInstance and init for every operation, as SunJSSE does in"
             " each handshake; both are set against the same native limit.", ""]
    lines += environment_section(data, env) + [""] + summary_section(data)
    lines += ["![ratios to the JDK](img/ratio-to-jdk.png)", ""]
    for engine, rows in by_engine(data).items():
        lines += engine_table(data, engine, rows) + [""]
    lines += unavailable_section(data)
    docs.mkdir(parents=True, exist_ok=True)
    draw(data, docs / "img")
    (docs / "performance.md").write_text("\n".join(lines).rstrip() + "\n")
    print(f"bench_report: wrote {docs / 'performance.md'} and {docs / 'img'}/")
    readme = docs.parent / "README.md"
    if docs.name == "docs" and readme.exists() and bench_readme.update(readme, data, label, method_text):
        print(f"bench_report: rewrote the performance table in {readme}")


if __name__ == "__main__":
    main(sys.argv)
