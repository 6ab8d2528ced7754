#!/usr/bin/env bash
# Create .venv on first use (or when a pyproject.toml changes) and install Tabletop and its built-in games into it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    echo "Setting up $venv (first run only)..." >&2
    "$python" -m venv "$venv"
fi
# Tabletop itself, then each built-in game as the plugin distribution it is (games/*/pyproject.toml).
# `setup.sh` installs what playing needs; `setup.sh --test` adds the test tools and every optional extra
# (research libraries, Ray), so that the test suite runs their tests too.
extras=""
mode="play"
if [ "${1:-}" = "--test" ]; then
    extras="[test,research,cluster]"
    mode="test"
fi
stamp="$venv/.tabletop-installed-$mode"
setuptools="setuptools>=68"  # what every project's pyproject.toml [build-system] requires
projects=("$root" "$root/games/muster" "$root/games/muses" "$root/games/freecell" "$root/games/klondike" "$root/games/fivedice")
stale=0
[ -f "$stamp" ] || stale=1
for project in "${projects[@]}"; do
    [ "$project/pyproject.toml" -nt "$stamp" ] && stale=1
done
if [ "$stale" = 1 ]; then
    [ "$mode" = test ] && echo "Installing the test tools and the optional extras (first run only)..." >&2
    # The six projects are built with the venv's own setuptools (--no-build-isolation) rather than each in a
    # fresh build environment that installs setuptools again; and Python compiles a module when it is first
    # imported rather than pip compiling every file of every package at install (--no-compile). Together they
    # take about two thirds off a first set-up's time (figures in README.md).
    pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
    "${pip[@]}" "$setuptools" >&2
    "${pip[@]}" --no-build-isolation --no-compile \
        -e "$root$extras" -e "$root/games/muster" -e "$root/games/muses" -e "$root/games/freecell" -e "$root/games/klondike" -e "$root/games/fivedice" >&2
    touch "$stamp"
    # A full install serves play too.
    if [ "$mode" = test ]; then
        touch "$venv/.tabletop-installed-play"
    fi
fi
