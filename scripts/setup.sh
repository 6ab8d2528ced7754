#!/usr/bin/env bash
# Create .venv on first use (or when pyproject.toml changes) and install Tabletop into it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
stamp="$venv/.tabletop-installed"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    echo "Setting up $venv (first run only)..." >&2
    "$python" -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "$root[test]" >&2
    touch "$stamp"
fi
