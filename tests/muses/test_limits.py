"""Card files are bounded before anything is allocated, and their text can never reach the terminal raw."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from rich.console import Console

from tabletop_muses import game
from tabletop_muses.cards import (
    MAX_CARDS,
    MAX_CONDITION_CHARS,
    MAX_FILE_BYTES,
    MAX_NAME_CHARS,
    CardFileError,
    load_cards,
    parse_cards,
)
from tabletop_muses.conditions import ConditionError, parse_condition
from tabletop_muses.ui import MusesUI

from .helpers import play, solve

CARD = '[[card]]\nname = "{name}"\npoints = 3\npower = "flip"\nedges = ["7", "Pair", "", ""]\n'
GOOD = CARD.format(name="Erato")


def names(count: int) -> list[str]:
    """``count`` distinct card names of letters only."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [f"M{letters[i // 26 % 26]}{letters[i % 26]}" for i in range(count)]


def many(count: int) -> str:
    return "\n".join(CARD.format(name=name) for name in names(count))


BAD_FILES = {
    "too many cards to solve": (many(200), f"200 cards, more than the {MAX_CARDS} a set may have"),
    "one card past the limit": (many(MAX_CARDS + 1), f"more than the {MAX_CARDS} a set may have"),
    "a file over the size limit": (GOOD + "#" * MAX_FILE_BYTES, f"more than the {MAX_FILE_BYTES:,} it may have"),
    "an integer of thousands of digits": (
        GOOD.replace("points = 3", "points = " + "9" * 5000),
        "more digits than any value",
    ),
    "lists nested thousands deep": (GOOD.replace('["7", "Pair", "", ""]', "[" * 5000 + "]" * 5000), "nested deeper"),
    "a condition of thousands of digits": (
        GOOD.replace('"7"', '"≥ ' + "9" * 5000 + '"'),
        f"at most {MAX_CONDITION_CHARS} characters",
    ),
    "a number no die shows": (GOOD.replace('"7"', '"≥ ²"'), "expected a sum (a number from 2 to 12), found '²'"),
    "a long number in a condition": (GOOD.replace('"7"', '"≥ 0000000009"'), "found a 10-digit number"),
    "a name too long": (CARD.format(name="A" * (MAX_NAME_CHARS + 1)), f"at most {MAX_NAME_CHARS} characters"),
    "an adjustment of thousands of digits": (
        GOOD.replace('"flip"', '"adjust ' + "9" * 5000 + '"'),
        "power: expected a power of at most",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_card_file_beyond_the_limits_is_refused_plainly_by_the_program(tmp_path: Path, case: str) -> None:
    text, message = BAD_FILES[case]
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    result = solve(tmp_path, bad)
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert len(result.stderr) < 500  # one plain line, not the file said back
    assert "Traceback" not in result.stderr and "went wrong" not in result.stderr and "crash" not in result.stderr
    assert not (tmp_path / "cache").exists()  # refused before the solver was started


def test_the_largest_set_allowed_loads() -> None:
    assert len(parse_cards(many(MAX_CARDS), "big.toml").cards) == MAX_CARDS


def test_devices_and_pipes_are_not_read_as_card_files(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)  # opening it to read would wait for ever for a writer
    with pytest.raises(CardFileError, match="not a regular file"):
        load_cards(pipe)
    with pytest.raises(CardFileError, match="not a regular file"):
        load_cards("/dev/zero")
    with pytest.raises(CardFileError, match="a folder"):
        load_cards(tmp_path)


def test_a_condition_refuses_long_numbers_without_converting_them() -> None:
    with pytest.raises(ConditionError, match="5000-digit number"):
        parse_condition("≥ " + "9" * 5000)


ESCAPED = GOOD.replace('"Erato"', '"Erato\\u001b[2J\\u001b]0;pwned\\u0007"').replace('"Pair"', '"Pair\\u202e"')


def test_escape_sequences_in_a_card_file_never_reach_the_board(tmp_path: Path) -> None:
    path = tmp_path / "esc.toml"
    path.write_text(ESCAPED, encoding="utf-8")
    state = game.new_initial_state(game.resolve_options({"cards": str(path)}))
    assert state.cardset.cards[0].name == "Erato"
    play(state, "draw Erato", "roll 1 1")
    out = io.StringIO()
    console = Console(width=80, file=out, force_terminal=False, color_system=None)
    console.print(MusesUI(game).render(state.view(0), [state.describe(a) for a in state.legal_actions()]))
    board = out.getvalue()
    assert "Erato" in board and "\x1b" not in board and "\u202e" not in board and "\x07" not in board


def test_escape_sequences_never_reach_the_terminal_through_the_program(tmp_path: Path) -> None:
    path = tmp_path / "esc.toml"
    path.write_text(ESCAPED.replace("points = 3", "points = 300"), encoding="utf-8")  # refused, naming the card
    result = solve(tmp_path, path)
    assert result.returncode == 2 and "card 1 (Erato), points" in result.stderr
    assert "\x1b" not in result.stderr + result.stdout and "\x07" not in result.stderr


@pytest.mark.parametrize(
    ("raw", "clean"),
    [("Era\x1b[1mto", "Erato"), ("Era\x9bto", "Erato"), ("Erato\u200b", "Erato"), ("Eu\tterpe", "Eu terpe")],
)
def test_control_characters_are_removed_from_every_text_field(raw: str, clean: str) -> None:
    text = CARD.format(name=raw.encode("unicode_escape").decode().replace("\\x", "\\u00"))
    text = text.replace('"flip"', '"fl\\u0000ip"').replace('"Pair"', '"Pa\\u001b[0mir"')
    card = parse_cards(text, "x.toml").cards[0]
    assert card.name == clean and str(card.power) == "flip" and str(card.edges[1]) == "Pair"
