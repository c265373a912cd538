#!/usr/bin/env python3
"""Prints a compact Carbide-vs-JDK table from a bench.sh results directory.

Usage: bench_table.py DIR   (DIR holds results.json from JMH and unavailable.tsv from the launcher)

One row per benchmark and parameter set; one column per provider (Carbide and JDK first), in
ops/ms, then the ratio Carbide / JDK. A combination the launcher skipped shows "n/a", and the
reasons are listed below the table. Standard library only.
"""
import json
import sys
from pathlib import Path

FIRST = ["Carbide", "Carbide-3.0", "JDK"]


def number_format(score):
    if score >= 1000:
        return f"{score:.0f}"
    if score >= 10:
        return f"{score:.1f}"
    return f"{score:.3g}"


def short(benchmark_class):
    return benchmark_class.removesuffix("Benchmark")


def param_text(params):
    # The algorithm is shown bare; other parameters as name=value.
    return " ".join(v if k == "algorithm" else f"{k}={v}" for k, v in sorted(params.items()))


def load(directory):
    results = json.loads((directory / "results.json").read_text())
    unavailable = []
    tsv = directory / "unavailable.tsv"
    if tsv.exists():
        for line in tsv.read_text().splitlines():
            if line.strip():
                benchmark, provider, algorithm, reason = line.split("\t", 3)
                unavailable.append((benchmark, provider, algorithm, reason))
    return results, unavailable


def build_rows(results, unavailable):
    """Returns ({(bench, params-tuple): {provider: cell}}, provider order, first-seen order)."""
    rows, providers, seen = {}, [], {}

    def note(value):
        seen.setdefault(value, len(seen))

    for r in results:
        cls, method = r["benchmark"].split(".")[-2:]
        bench = f"{short(cls)}.{method}"
        params = dict(r.get("params", {}))
        provider = params.pop("provider", "?")
        key = (bench, tuple(sorted(params.items())))
        note(bench)
        for value in params.values():
            note(value)
        rows.setdefault(key, {})[provider] = r["primaryMetric"]["score"]
        if provider not in providers:
            providers.append(provider)
    for cls, provider, algorithm, _ in unavailable:
        benchmark = short(cls)
        matched = False
        for (bench, params), cells in rows.items():
            p = dict(params)
            if bench.startswith(benchmark + ".") and (not algorithm or p.get("algorithm") == algorithm):
                cells.setdefault(provider, "n/a")
                matched = True
        if not matched:
            params = (("algorithm", algorithm),) if algorithm else ()
            note(benchmark)
            note(algorithm)
            rows[(benchmark, params)] = {provider: "n/a"}
        if provider not in providers:
            providers.append(provider)
    ordered = [p for p in FIRST if p in providers] + [p for p in providers if p not in FIRST]
    return rows, ordered, seen


def sort_key(seen):
    def numeric_or_seen(value):
        try:
            return (0, float(value))
        except ValueError:
            return (1, seen.get(value, 0))

    return lambda key: (seen.get(key[0], 0), [numeric_or_seen(v) for _, v in key[1]])


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    results, unavailable = load(Path(argv[1]))
    rows, providers, seen = build_rows(results, unavailable)
    header = ["benchmark", "params"] + [f"{p} ops/ms" for p in providers] + ["Carbide/JDK"]
    table = [header]
    for key in sorted(rows, key=sort_key(seen)):
        cells = rows[key]
        line = [key[0], param_text(dict(key[1]))]
        for p in providers:
            cell = cells.get(p, "-")
            line.append(cell if isinstance(cell, str) else number_format(cell))
        ours, theirs = cells.get("Carbide"), cells.get("JDK")
        both = all(isinstance(x, float) for x in (ours, theirs))
        line.append(f"{ours / theirs:.2f}" if both and theirs > 0 else "-")
        table.append(line)
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        left = [row[i].ljust(widths[i]) for i in range(2)]
        right = [row[i].rjust(widths[i]) for i in range(2, len(row))]
        print("  ".join(left + right))
    if unavailable:
        print("\nNot available (skipped, not measured):")
        for benchmark, provider, algorithm, reason in unavailable:
            what = f"{short(benchmark)} {algorithm}".strip()
            print(f"  {what} on {provider}: {reason}")


if __name__ == "__main__":
    main(sys.argv)
