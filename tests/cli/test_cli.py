"""The command line without a terminal: help, version, listing, and plain refusals."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tabletop import __version__

TABLETOP = str(Path(sys.executable).with_name("tabletop"))


def run(*args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    return subprocess.run([TABLETOP, *args], stdin=stdin, capture_output=True, text=True, timeout=60)


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"tabletop {__version__}"


def test_help_lists_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("list", "play", "menu"):
        assert command in result.stdout


def test_python_dash_m_is_the_same_program() -> None:
    result = subprocess.run([sys.executable, "-m", "tabletop", "--version"], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == f"tabletop {__version__}"


def test_list_names_the_builtin_games() -> None:
    result = run("list", "--plain")
    assert result.returncode == 0
    ids = result.stdout.split()
    assert "muster" in ids and "muses" in ids
    assert "Traceback" not in result.stderr + result.stdout


def test_menu_without_a_terminal_says_so_and_exits_2() -> None:
    result = run()
    assert result.returncode == 2
    assert "needs a terminal" in result.stderr
    assert "Traceback" not in result.stderr


def test_play_without_a_terminal_says_so_and_exits_2() -> None:
    result = run("play", "muses")
    assert result.returncode == 2
    assert "needs a terminal" in result.stderr


def test_unknown_game_is_named_with_the_choices() -> None:
    result = run("play", "chess")
    assert result.returncode == 2
    assert "no game called 'chess'" in result.stderr
    assert "muster" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_command_or_game_word() -> None:
    result = run("frobnicate")
    assert result.returncode == 2
    assert "neither a command" in result.stderr


def test_bad_option_value_is_refused_plainly() -> None:
    result = run("play", "muster", "--opponent", "grandmaster")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_flag_takes_on_or_off_or_nothing() -> None:
    from tabletop.commands.play import game_parser
    from tabletop_muster import game

    parser = game_parser(game)
    assert parser.parse_args(["--simplified"]).simplified == "on"
    assert parser.parse_args(["--simplified", "off", "--seed", "4"]).simplified == "off"
    assert parser.parse_args([]).simplified is None  # the game's default applies
    result = run("play", "muster", "--simplified", "maybe")
    assert result.returncode == 2 and "argument --simplified: invalid choice: 'maybe'" in result.stderr


def test_bad_seed_is_refused_plainly() -> None:
    result = run("play", "muster", "--seed", "abc")
    assert result.returncode == 2
    assert "seed" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_game_tool() -> None:
    result = run("muster", "teleport")
    assert result.returncode == 2
    assert "has no tool 'teleport'" in result.stderr


def test_menu_module_imports_no_game_code() -> None:
    """Start-up stays fast: importing the CLI pulls in no rules, prompts or storage."""
    code = (
        "import sys, tabletop.cli\n"
        "heavy = [m for m in sys.modules if m.startswith(('games', 'questionary', 'prompt_toolkit', 'sqlite3', 'rich'))]\n"
        "print(heavy)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "[]"


def test_list_names_each_games_package_with_its_version() -> None:
    result = subprocess.run(
        [TABLETOP, "list"], capture_output=True, text=True, timeout=60, env={**os.environ, "COLUMNS": "120"}
    )
    assert result.returncode == 0
    muster_line = next(line for line in result.stdout.splitlines() if "muster" in line)
    assert f"tabletop-muster {__version__}" in muster_line
    block = result.stdout[result.stdout.index("muster ") :]
    assert "options: --simplified --power-of-one --over-the-rainbow" in block
    assert "computer levels: easy, medium, hard" in block


def test_list_says_what_each_choice_means() -> None:
    result = subprocess.run(
        [TABLETOP, "list"], capture_output=True, text=True, timeout=60, env={**os.environ, "COLUMNS": "120"}
    )
    assert result.returncode == 0
    assert "--first\u00a0{random,1=North,2=South}" in result.stdout


def test_list_at_80_columns_breaks_lines_between_words_only() -> None:
    result = subprocess.run(
        [TABLETOP, "list"], capture_output=True, text=True, timeout=60, env={**os.environ, "COLUMNS": "80"}
    )
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    block = result.stdout[result.stdout.index("fivedice ") :]
    assert "--joker\u00a0{official,free,none}" in block
    said = " ".join(line.strip() for line in block.splitlines()[2:4])
    assert "--joker: official = forced joker, 100 bonus; free = free choice (any open box, 100 bonus); " in said
