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

# The packages whose modules Tabletop's own processes import: what it draws and prompts with, numpy for the
# Muses and Five Dice solvers, and setuptools' hook that a .pth file loads at every start of Python; with the
# test extras, Ray, which every one of Ray's worker processes imports again.
runtime_packages=(rich questionary prompt_toolkit wcwidth markdown_it mdurl numpy _distutils_hack)
test_packages=(ray)

compile_bytecode() {
    # Python writes a module's bytecode on its first import, but not where PYTHONDONTWRITEBYTECODE is set
    # (as in many containers): there every start compiled its 326 modules again, and the first menu took
    # about 2.6 times as long. So the modules the program imports are compiled once, here (figures in
    # README.md).
    local site dirs=("$root/tabletop") packages=("${runtime_packages[@]}")
    site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
    for project in "${projects[@]:1}"; do
        dirs+=("$project/tabletop_${project##*/}")  # games/muster holds tabletop_muster
    done
    if [ "$1" = test ]; then
        packages+=("${test_packages[@]}")
    fi
    dirs+=("$site"/*.py)  # the finders of the editable installs, which their .pth files load at every start
    for package in "${packages[@]}"; do
        if [ -d "$site/$package" ]; then
            dirs+=("$site/$package")
        fi
    done
    # A file that does not compile is left to fail where it is imported, as it would have anyway.
    "$venv/bin/python" -m compileall -q -j 0 "${dirs[@]}" >/dev/null || true
}
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
    compile_bytecode "$mode"
    touch "$stamp"
    # A full install serves play too.
    if [ "$mode" = test ]; then
        touch "$venv/.tabletop-installed-play"
    fi
fi
