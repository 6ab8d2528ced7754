#!/usr/bin/env bash
# Create .venv on first use (or when a pyproject.toml changes) and install Tabletop and its built-in games into it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
stamp="$venv/.tabletop-installed"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    echo "Setting up $venv (first run only)..." >&2
    "$python" -m venv "$venv"
fi
# Tabletop itself, then each built-in game as the plugin distribution it is (games/*/pyproject.toml).
projects=("$root" "$root/games/muster" "$root/games/muses")
stale=0
[ -f "$stamp" ] || stale=1
for project in "${projects[@]}"; do
    [ "$project/pyproject.toml" -nt "$stamp" ] && stale=1
done
if [ "$stale" = 1 ]; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -e "$root[test]" -e "$root/games/muster" -e "$root/games/muses" >&2
    touch "$stamp"
fi
