"""Nobody learns a hidden card or the seed of an unfinished game, from any command or screen.

The games are played in the real program in a pseudo-terminal, left in the
middle, and then shown by every command and menu screen that shows games.
Everything printed is searched for the cards still hidden at that point (a
card of which the game has one copy, held unseen in a hand or in the deck) and
for the game's seed.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pexpect
import pytest

from tabletop.rebuild import load_match
from tabletop.registry import Registry
from tabletop.store import Store
from tabletop.store.records import GameRecord
from tests.cli.pty_helpers import ENTER, POINTER, QUESTION, select, spawn

pytestmark = pytest.mark.pty

ANSI = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")
PAUSE = "(?i)press any key"
DECISIONS = 14
"""Questions answered in each game before it is left: several turns of each side."""


def plain(text: str) -> str:
    """Printed text without its escape codes."""
    return ANSI.sub("", text)


def tabletop(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data), COLUMNS="100", TTY_COMPATIBLE="0")
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args], env=env, capture_output=True, text=True, timeout=120
    )


def play_into_the_middle(child: pexpect.spawn, decisions: int = DECISIONS) -> None:
    """Answer each question with its first entry (and every pause) ``decisions`` times, then leave with Ctrl-C."""
    answered = 0
    while answered < decisions:
        index = child.expect([QUESTION, PAUSE])
        if index == 1:
            child.send(" ")
            continue
        child.expect(POINTER)
        child.send(ENTER)
        answered += 1
    child.expect([QUESTION, PAUSE])
    child.sendintr()
    child.expect("Left Tabletop")
    child.expect(pexpect.EOF)


def recorded(data: Path) -> dict[str, GameRecord]:
    """The unfinished games in the store, by who played: ``hot-seat`` or ``computer``."""
    with Store.open(data) as store:
        games = store.unfinished()
    return {("hot-seat" if r.seats.count("human") == 2 else "computer"): r for r in games}


def hidden_cards(record: GameRecord, seen_by: Iterable[int]) -> list[int]:
    """Cards of a single copy that the seats ``seen_by`` cannot see now: unknown in the other hands, or in the deck."""
    from tabletop_muster.cards import COPIES

    state = load_match(record, Registry.discover(), agents=False).state
    hidden = list(state.deck)  # type: ignore[attr-defined]
    for seat in (0, 1):
        if seat not in seen_by:
            unknown = list(state.hands[seat])  # type: ignore[attr-defined]
            for card in state.known[seat]:  # type: ignore[attr-defined]
                unknown.remove(card)
            hidden += unknown
    return sorted({k for k in hidden if COPIES[k] == 1})


def leaks(text: str, cards: Iterable[int], seed: int) -> list[str]:
    """Each hidden card (by name or code) and the seed, wherever ``text`` shows them."""
    from tabletop_muster.cards import card_code, card_name

    screen = plain(text)
    found = []
    for kind in cards:
        for word in (card_name(kind), card_code(kind)):
            for hit in re.finditer(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![0-9])", screen):
                found.append(f"{word!r} in ...{screen[max(0, hit.start() - 60) : hit.end() + 20]!r}")
    if re.search(rf"(?<![0-9]){seed}(?![0-9])", screen):
        found.append(f"the seed {seed}")
    return found


def logged(child: pexpect.spawn) -> io.StringIO:
    """Everything the child prints from now on."""
    log = io.StringIO()
    child.logfile_read = log
    return log


def show_everything(data: Path, records: dict[str, GameRecord]) -> dict[str, str]:
    """What every command and menu screen that shows games prints: all that shows one game under
    its kind, and the lists of games under ``"lists"``."""
    lists: list[str] = []
    for args in (["history"], ["history", "--limit", "0"], ["stats"]):
        shown = tabletop(data, *args)
        assert shown.returncode == 0, shown.stderr
        lists += [shown.stdout, shown.stderr]
    out = {"lists": "\n".join(lists)}
    for kind, record in records.items():
        printed = tabletop(data, "replay", str(record.id), "--print")
        assert printed.returncode == 0, printed.stderr
        exported = tabletop(data, "export", str(record.id), "-o", "-")
        assert exported.returncode == 2 and "unfinished" in exported.stderr and not exported.stdout
        menu = menu_screens(data, record)
        out[kind] = "\n".join(
            [printed.stdout, printed.stderr, exported.stderr, step_through_replay(data, record), menu]
        )
    return out


def step_through_replay(data: Path, record: GameRecord) -> str:
    """`tabletop replay ID` at the keyboard: every position from the first to the last."""
    child = spawn(["replay", str(record.id)], data_dir=data, columns=100, lines=40)
    log = logged(child)
    for _ in range(len(record.history)):
        child.expect("after action")
        child.expect("> ")
        child.send("n" + ENTER)
    child.expect(f"after action {len(record.history)} of {len(record.history)}")
    child.expect("> ")
    child.send("q" + ENTER)
    child.expect(pexpect.EOF)
    return log.getvalue()


def menu_screens(data: Path, record: GameRecord) -> str:
    """The menu with its Continue entries, History and replays, the game's replay, Statistics."""
    child = spawn([], data_dir=data, columns=100, lines=40)
    log = logged(child)
    child.expect("What would you like to play")
    select(child, "History and replays")
    child.expect("Replay which game")
    select(child, f"#{record.id} Muster")
    select(child, "Replay it")  # unfinished: replay it, or go back (its export is greyed out)
    child.expect("> ")
    child.send("e" + ENTER)
    child.expect("End of the record")
    child.expect("> ")
    child.send("q" + ENTER)
    child.expect("Replay which game")
    child.expect(POINTER)
    child.send("\x1b")  # back to the menu
    child.expect("What would you like to play")
    select(child, "Statistics")
    child.expect(PAUSE)
    child.send(" ")
    child.expect("What would you like to play")
    child.sendintr()
    child.expect(pexpect.EOF)
    return log.getvalue()


def test_no_hidden_card_and_no_seed_of_an_unfinished_game_is_ever_shown(tmp_path: Path) -> None:
    data = tmp_path / "data"
    against_computer = spawn(["play", "muster", "--opponent", "easy"], data_dir=data, columns=100, lines=40)
    played = logged(against_computer)
    play_into_the_middle(against_computer)
    hot_seat = spawn(["play", "muster", "--opponent", "human"], data_dir=data, columns=100, lines=40)
    play_into_the_middle(hot_seat)
    records = recorded(data)
    assert set(records) == {"hot-seat", "computer"}

    # Against the computer the person sat North or South: their own hand was theirs to see.
    computer = records["computer"]
    person = computer.seats.index("human")
    unseen = hidden_cards(computer, seen_by=[person])
    assert len(unseen) >= 5, "too few hidden cards for the test to mean anything"
    shown = show_everything(data, records)
    assert leaks(played.getvalue(), unseen, computer.seed) == []
    assert leaks(shown["computer"] + shown["lists"], unseen, computer.seed) == []

    # A hot-seat game is shown from no seat: both hands stay hidden.
    hot = records["hot-seat"]
    unseen = hidden_cards(hot, seen_by=[])
    assert len(unseen) >= 5
    assert leaks(shown["hot-seat"] + shown["lists"], unseen, hot.seed) == []
    assert "Your hand" not in plain(shown["hot-seat"] + shown["computer"])


def test_the_check_finds_a_card_or_seed_that_is_shown() -> None:
    # Guard against a check that cannot fail: a card named in words, a code, a seed.
    assert leaks("South draws Water 4 from the deck.", [3], 1234567)
    assert leaks("Your hand: L3 W4", [3], 1234567)
    assert leaks("Muster - seed 1234567 - after action 3", [3], 1234567)
    assert not leaks("W3 W5 and Water 14, seed 12345678", [3], 1234567)


def _muster_game(data: Path, seats: list[str], actions: int | None, seed: int = 987654) -> GameRecord:
    """A Muster game stored with ``actions`` actions played at random (None: to its end)."""
    import random

    from tabletop.loop import Match

    match = Match(Registry.discover().get("muster"), seed=seed, agents=[None, None])
    rng = random.Random(seed)
    while not match.is_over() and (actions is None or len(match.history) < actions):
        state = match.state
        match.apply(state.sample_chance(match.rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    with Store.open(data) as store:
        row = store.begin(match, seats, ["North", "South"])
        if match.is_over():
            store.finish(row, match)
        return store.get(row)


def test_an_unfinished_replay_tells_no_draw_and_a_finished_one_shows_both_hands(tmp_path: Path) -> None:
    data = tmp_path / "data"
    unfinished = _muster_game(data, ["human", "human"], 40)
    printed = tabletop(data, "replay", str(unfinished.id), "--print")
    assert printed.returncode == 0, printed.stderr
    assert "is dealt a card" in printed.stdout and not re.search(r"is dealt (?!a card)", printed.stdout)
    assert not re.search(r"draws (?!a card|from)\w", printed.stdout)
    assert "Your hand" not in printed.stdout and "seed" not in printed.stdout
    assert re.search(r"North's hand \(\d\): [? ]+\n", printed.stdout) or "North's hand" in printed.stdout
    assert leaks(printed.stdout, hidden_cards(unfinished, seen_by=[]), unfinished.seed) == []

    finished = _muster_game(data, ["human", "human"], None, seed=4242)
    printed = tabletop(data, "replay", str(finished.id), "--print")
    assert printed.returncode == 0, printed.stderr
    assert "seed 4242" in printed.stdout and "a card" not in printed.stdout
    state = load_match(finished, Registry.discover(), agents=False).state
    from tabletop_muster.board import card_text

    for seat, name in enumerate(("North", "South")):
        hand = " ".join(card_text(k).plain for k in sorted(state.hands[seat]))  # type: ignore[attr-defined]
        assert f"{name}'s hand ({len(state.hands[seat])}): {hand}" in printed.stdout  # type: ignore[attr-defined]


def test_history_shows_the_seed_of_finished_games_only_and_export_refuses_unfinished_ones(tmp_path: Path) -> None:
    data = tmp_path / "data"
    unfinished = _muster_game(data, ["human", "easy"], 30, seed=1357911)
    finished = _muster_game(data, ["human", "easy"], None, seed=2468101)
    listed = tabletop(data, "history")
    assert listed.returncode == 0, listed.stderr
    assert "2468101" in listed.stdout and "1357911" not in listed.stdout

    target = tmp_path / "out.json"
    refused = tabletop(data, "export", str(unfinished.id), "-o", str(target))
    assert refused.returncode == 2 and "unfinished" in refused.stderr and "Traceback" not in refused.stderr
    assert not target.exists()
    done = tabletop(data, "export", str(finished.id), "-o", str(target))
    assert done.returncode == 0, done.stderr
    assert json.loads(target.read_text())["seed"] == 2468101


def test_a_dumb_terminal_gets_menus_without_escape_codes_and_no_hot_seat(tmp_path: Path) -> None:
    data = tmp_path / "data"
    child = spawn(["play", "muster", "--opponent", "human"], data_dir=data, extra_env={"TERM": "dumb"})
    log = logged(child)
    child.expect("clear its screen")
    child.expect("Enter")
    child.send(ENTER)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    with Store.open(data) as store:
        assert store.history() == []  # refused before anything was dealt

    child = spawn([], data_dir=data, extra_env={"TERM": "dumb"})
    log = logged(child)
    child.expect("What would you like to play")
    child.expect(r"(\d+)\. Muster")
    muster = child.match.group(1)
    child.expect("Choose")
    child.send(muster + ENTER)  # Muster's setup screen
    child.expect("Start the game")
    child.expect("Choose")
    child.send(ENTER)  # start, against the computer
    for _ in range(3):
        child.expect("Choose")
        child.send("1" + ENTER)
    child.expect("Choose")
    child.sendintr()
    child.expect("Left Tabletop")
    child.expect(pexpect.EOF)
    text = log.getvalue()
    assert "Your hand" in text and "\x1b" not in text
