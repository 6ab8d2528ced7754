#!/usr/bin/env bash
# Create .venv on first use (or when a pyproject.toml changes) and install Tabletop and its built-in games into it.
# A first set-up takes a while (about 40 s; a few minutes with --test), so it says on standard error what it does as
# each step starts, and a step still running says so every few seconds: a newcomer never watches a silence long
# enough to take it for a hang. A set-up already done prints nothing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
python="${PYTHON:-python3}"
# Tabletop itself, then each built-in game as the plugin distribution it is (games/*/pyproject.toml).
# `setup.sh` installs what playing needs; `setup.sh --test` adds the test tools and every optional extra
# (research libraries, Ray), so that the test suite runs their tests too.
extras="[test,research,cluster]"
mode="play"
if [ "${1:-}" = "--test" ]; then
    mode="test"
fi

# The packages whose modules Tabletop's own processes import: what it draws and prompts with, numpy for the
# Muses and Five Dice solvers, and setuptools' hook that a .pth file loads at every start of Python; with the
# test extras, Ray, which every one of Ray's worker processes imports again.
runtime_packages=(rich questionary prompt_toolkit wcwidth markdown_it mdurl numpy _distutils_hack)
test_packages=(ray)

say() {
    echo "$*" >&2
}

# A line at least every 8 s while a step runs: with the step's own line, no silence reaches 10 s.
heartbeat_seconds=8
heartbeat=""
stop_heartbeat() {
    if [ -n "$heartbeat" ]; then
        kill "$heartbeat" 2>/dev/null || true
        wait "$heartbeat" 2>/dev/null || true
        heartbeat=""
    fi
}
# The heartbeat ends with the script however the script ends: a failed step (set -e), Ctrl-C or a kill. On a
# signal the script then ends by that same signal, so its caller sees it was interrupted.
trap stop_heartbeat EXIT
for signal in INT TERM HUP; do
    trap "stop_heartbeat; trap - $signal EXIT; kill -$signal \$\$" "$signal"
done

step() {
    # Run a step's command (after its verb for the heartbeat: "installing"), saying every few seconds that it
    # is still running; the step's exit status is the command's own.
    local doing="$1" started=$SECONDS status=0
    shift
    (
        # Background jobs of a script ignore Ctrl-C; the script stops this one. Its sleep is stopped (and
        # waited for) too, so that nothing outlives the script, nor holds its standard error open.
        trap 'kill $(jobs -p) 2>/dev/null; wait; exit 0' TERM
        while :; do
            sleep "$heartbeat_seconds" &
            wait $! || true
            say "  still $doing ($((SECONDS - started)) s)..."
        done
    ) &
    heartbeat=$!
    "$@" || status=$?
    stop_heartbeat
    return "$status"
}

compile_bytecode() {
    # Python writes a module's bytecode on its first import, but not where PYTHONDONTWRITEBYTECODE is set
    # (as in many containers): there every start compiled its 326 modules again, and the first menu took
    # about 2.6 times as long. So the modules the program imports are compiled once, here (figures in
    # README.md).
    local site dirs=("$root/tabletop") packages=("${runtime_packages[@]}")
    site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')" || return
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
projects=("$root" "$root/games/muster" "$root/games/muses" "$root/games/freecell" "$root/games/klondike" "$root/games/fivedice"
    "$root/games/bakers" "$root/games/eightoff" "$root/games/seahaven" "$root/games/gin")
is_stale() {  # whether the set-up of a mode ("play", "test") is missing or older than a pyproject.toml
    local stamp="$venv/.tabletop-installed-$1" project
    [ -f "$stamp" ] || return 0
    for project in "${projects[@]}"; do
        if [ "$project/pyproject.toml" -nt "$stamp" ]; then
            return 0
        fi
    done
    return 1
}
play_stale=0
test_stale=0
is_stale play && play_stale=1
[ "$mode" = test ] && is_stale test && test_stale=1
if [ "$play_stale" = 0 ] && [ "$test_stale" = 0 ]; then
    exit 0
fi

if [ ! -x "$venv/bin/python" ]; then
    say "Setting up $venv (first run only)..."
    say "Creating the Python environment ($python -m venv)..."
    step "creating the environment" "$python" -m venv "$venv"
else
    say "Updating $venv..."
fi
# The projects are built with the venv's own setuptools (--no-build-isolation) rather than each in a
# fresh build environment that installs setuptools again; and Python compiles a module when it is first
# imported rather than pip compiling every file of every package at install (--no-compile). Together they
# take about two thirds off a first set-up's time (figures in README.md).
pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
say "Installing setuptools, which builds Tabletop and its games..."
step "installing" "${pip[@]}" "$setuptools" >&2
if [ "$play_stale" = 1 ]; then
    say "Installing Tabletop and its nine games (Muster, Muses, FreeCell, Klondike, Five Dice, Baker's Game," \
        "Eight Off, Seahaven Towers, Gin Rummy) with rich, questionary and numpy..."
    editable=()
    for project in "${projects[@]}"; do
        editable+=(-e "$project")
    done
    step "installing" "${pip[@]}" --no-build-isolation --no-compile "${editable[@]}" >&2
    say "Compiling the modules Tabletop imports..."
    step "compiling" compile_bytecode play
    touch "$venv/.tabletop-installed-play"
fi
if [ "$test_stale" = 1 ]; then
    say "Installing the test tools and research libraries (pytest, mypy, torch, Ray...; a few minutes)..."
    step "installing" "${pip[@]}" --no-build-isolation --no-compile -e "$root$extras" >&2
    say "Compiling the modules Ray's worker processes import..."
    step "compiling" compile_bytecode test
    touch "$venv/.tabletop-installed-test"
fi
say "Set up in $SECONDS s."
