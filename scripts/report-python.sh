#!/usr/bin/env bash
# Prints a python3 that has matplotlib, for scripts/bench_report.py: the system's if it has it,
# else one in a virtual environment under ~/.cache/carbide, made (from PyPI) on first use.
set -euo pipefail
if python3 -c 'import matplotlib' 2>/dev/null; then
  command -v python3
  exit 0
fi
venv=${XDG_CACHE_HOME:-$HOME/.cache}/carbide/report-venv
if ! "$venv/bin/python" -c 'import matplotlib' 2>/dev/null; then
  echo "report-python: installing matplotlib into $venv" >&2
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q 'matplotlib>=3.8,<4' >&2
fi
echo "$venv/bin/python"
