"""End to end: a whole seeded game of Muster against the computer in a pseudo-terminal, played as a person
plays it (reading each list, pressing an entry's key or Enter), with one look at the Coach, one at the Log,
the marks of the opponent's last move, and the Review at the end; it counts the keys each turn took.

The person's choices come from a copy of the match kept here: the same seed, the same computer, so the
copy knows every position the program shows. A strong player is modelled by Hard (a fixed budget, so the game
repeats) choosing from the person's view. Every key sent to choose an action is counted: Enter when the cursor
already stands on the entry wanted, else the entry's key, which takes it at once; none when the program takes
a lone action for the player. The keys that open the Coach and the Log (and close them) choose nothing and
are not counted.
"""

from __future__ import annotations

import random
import re
import statistics
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from tabletop.loop import Match
from tabletop.ui.entries import entry_lines
from tabletop.ui.steps import step_question
from tabletop_muster import actions as A
from tabletop_muster import game
from tabletop_muster.agents import AGENTS
from tabletop_muster.board import NEW_MARK
from tabletop_muster.cards import card_code, card_name
from tabletop_muster.ui import MusterUI
from tabletop_muster.view import MusterView
from tests.cli.pty_helpers import ENTER, POINTER, QUESTION, spawn
from tests.conftest import FIGURE

SEED = 21
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
HINT_AT, LOG_AT = 3, 5
"""The act decisions (counting from 1) at which the person asks the Coach and opens the log."""


def plain(text: str) -> str:
    return ANSI.sub("", text)


COLUMNS = 80
"""The terminal's width (the pty helpers' default): a longer entry goes on to a second line."""


def first_line(title: str) -> str:
    """The part of an entry's ``title`` on its first line, as the list breaks it between words (a one-letter key)."""
    return entry_lines(f"k) {title}", COLUMNS)[0].removeprefix("k) ")


def press(child: pexpect.spawn, path: tuple[str, ...], depth: int) -> bool:
    """Choose, in the list on screen, the entry for ``path`` from ``depth`` as a person would: Enter when the
    cursor stands on it, else the key shown before it (one key either way). The entry may show the label at
    ``depth`` alone, or the whole rest of the path; True when it was the whole rest (the action is taken)."""
    label, whole = path[depth], " > ".join(path[depth:])
    child.expect(POINTER)
    title, above = child.match.group(1), child.before
    if len(path) > depth + 1 and title.startswith(first_line(whole)):
        child.send(ENTER)
        return True
    if title == label:
        child.send(ENTER)
        return len(path) == depth + 1
    entry = (
        rf"([0-9a-z?])\) (?:\x1b\[[0-9;]*m)*(?:(?P<whole>{re.escape(first_line(whole))})|{re.escape(label)}[\r\x1b])"
    )
    if len(path) == depth + 1:  # a last label: the label is the whole rest
        entry = rf"([0-9a-z?])\) (?:\x1b\[[0-9;]*m)*(?P<whole>{re.escape(label)})[\r\x1b]"
    found = re.search(entry, above)  # the entry may stand above the cursor
    if found is None:
        child.expect(entry)
        found = child.match
    child.send(found.group(1))
    return found.group("whole") is not None


@pytest.mark.pty
def test_a_whole_game_against_the_computer_with_coach_log_marks_and_review(
    tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    model = Match(game, seed=SEED, agents=[None, AGENTS["easy"]()])
    me = 0  # `tabletop play` seats the person first (North)
    player = AGENTS["hard"](iterations=300)
    ui = MusterUI(game)
    child = spawn(
        ["play", "muster", "--opponent", "easy", "--seed", str(SEED)],
        data_dir=tmp_path / "data",
        extra_env={"NO_COLOR": "1", "PAGER": "less", "TABLETOP_CACHE_DIR": str(tmp_path / "cache")},
    )
    keys_per_turn: Counter[int] = Counter()
    kinds: dict[int, str] = {}  # each turn's action type
    acts = marks_checked = drawn_checked = seen_whole = 0
    hinted = logged = False
    hand_after_act: list[int] | None = None
    while True:
        model.advance()
        if model.is_over():
            break
        state = model.state
        view = state.view(me)
        assert isinstance(view, MusterView)
        legal = state.legal_actions()
        action = player.choose(view, legal, random.Random(len(model.history)))
        steps = ui.steps(view, legal)
        path = next(s.path for s in steps if s.action == action)
        if len(steps) == 1 and not _ends(state, action):  # taken for the player: no question, no key
            model.apply(action)
            keys_per_turn[view.turn] += 0
            continue
        child.expect(QUESTION, timeout=60)
        assert child.match.group(1) == "Your move:"
        screen = plain(child.before)
        if view.phase == "act":
            acts += 1
            marks_checked += _check_marks(model, me, screen)
            if hand_after_act is not None:
                drawn_checked += _check_drawn(hand_after_act, list(view.hand), screen)
            if acts == HINT_AT:
                _ask_for_a_hint(child)
                hinted = True
                child.expect(QUESTION)
            if acts == LOG_AT:
                _open_the_log(child, model, me)
                logged = True
                child.expect(QUESTION)
        keys, depth = 0, 0
        while True:
            if depth:  # the next list: levels with one label are taken for the person, and skipped
                child.expect(QUESTION)
                depth = next(d for d in range(depth, len(path)) if child.match.group(1) == step_question(path[:d]))
            keys += 1  # an entry's key, or Enter: one key press a list
            whole = press(child, path, depth)
            if depth == 0 and len(path) > 1 and sum(s.path[0] == path[0] for s in steps) == 1:
                assert whole, f"{path[0]} has one action, but its entry did not show it whole"
                seen_whole += 1
            if whole:
                break
            depth += 1
        keys_per_turn[view.turn] += keys
        if view.phase == "act":
            kinds[view.turn] = path[0]
        model.apply(action)
        if view.phase == "act":
            after = model.state.view(me)
            assert isinstance(after, MusterView)
            hand_after_act = list(after.hand)
    child.expect(r"Final reckoning", timeout=60)
    child.expect(r"Review your decisions \(graded by the analyst\)\?")
    end = plain(child.before)
    outcome = model.state.outcome_text()  # the copy kept here ended as the program's game did
    assert (outcome.split(" wins")[-1] in end) if " wins" in outcome else ("draw" in end.lower())
    child.send("y")
    child.expect(r"Review of game \d+ \(Muster: Raise the Banners\)\.", timeout=180)
    child.expect(r"Graded by Hard's search: estimates, [\d,]+ search iterations a decision\.")
    child.expect(r"You chose as the analyst would in (\d+) of (\d+) decisions\.")
    agreed, graded = int(child.match.group(1)), int(child.match.group(2))
    assert 0 <= agreed <= graded and graded >= acts
    child.expect(r"Inaccuracies \(\?!\): (\d+), mistakes \(\?\): (\d+), blunders \(\?\?\): (\d+); a decision")
    child.expect(r"The (\d) costliest: decision \d+")
    shown = int(child.match.group(1))
    child.expect(r"Your win chance after each decision \(B blunder, M mistake, I inaccuracy\):")
    child.expect("100% ┤")
    child.expect(" 50% ┤")
    child.expect("  0% ┤")
    child.expect(rf"Enter walks through your {graded} decisions in order")
    child.expect("Esc ends review")
    child.send(ENTER)
    costliest = 0
    for number in range(1, graded + 1):  # every decision in order, Enter after each
        child.expect(rf"Decision {number} of {graded}")
        child.expect(r"You played +\d+\.\d%  ")
        costliest += "Costliest decision" in plain(child.before)
        child.expect(r"(The analyst's choice: nothing given away\.|points of win chance given away \(an estimate\))")
        child.expect("Esc ends review")
        if number == 2:  # back one, then on again
            child.send("\x1b[D")
            child.expect(rf"Decision 1 of {graded}")
            child.expect("Esc ends review")
            child.send("\x1b[C")
            child.expect(rf"Decision 2 of {graded}")
            child.expect("Esc ends review")
        child.send(ENTER)
    assert costliest == shown
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert hinted and logged and marks_checked >= 5 and drawn_checked >= 5

    counts = list(keys_per_turn.values())
    banners = [keys for turn, keys in keys_per_turn.items() if kinds.get(turn) == "Play a Banner"]
    median, banner_median = statistics.median(counts), statistics.median(banners)
    record_property(  # printed at the end of the run (tests/conftest.py), from any worker
        FIGURE,
        f"Muster keys per turn, seeded game {SEED} against Easy, the person choosing as Hard would: "
        f"median {median:g}, mean {statistics.mean(counts):.2f}, most {max(counts)} over {len(counts)} turns; "
        f"turns that play a Banner: median {banner_median:g} over {len(banners)}",
    )
    # A key takes its entry at once: a turn is a key for the kind of action (its fixed letter), one for the
    # action among the few of that kind (listed whole), and one for a refill's source when there is a choice.
    assert banner_median <= 2 and median <= 2 and max(counts) <= 4
    assert seen_whole >= 1  # a kind with a single action was shown whole before its key took it


def _ends(state: object, action: A.MusterAction) -> bool:
    from tabletop.game import state_after

    return state_after(state, action).is_terminal()  # type: ignore[arg-type]


def _check_marks(model: Match[A.MusterAction], me: int, screen: str) -> int:
    """The card the opponent just played under one of their castles is marked; 1 if there was one to check."""
    them = 1 - me
    last = [e for e in model.events if e.actor in (0, 1)]
    mine = max((i for i, e in enumerate(last) if e.actor == me), default=-1)
    theirs = [e for e in last[mine + 1 :] if e.actor == them]
    if not theirs:
        return 0
    action = game.parse_action(model.state, theirs[0].notation)
    if action.op != A.BANNER:
        return 0
    board = screen[screen.rfind("Muster ·") :]
    code = card_code(action.card)
    # A long column drops the faction letter of its own faction's cards.
    assert f"{NEW_MARK}{code}" in board or f"{NEW_MARK}{code[1:]}" in board, f"{code} is not marked:\n{board}"
    assert card_name(action.card) in board, f"the opponent's move ({theirs[0].text_for(me)}) is not in the log"
    return 1


def _check_drawn(before: list[int], now: list[int], screen: str) -> int:
    """The cards drawn since the person's last action are marked in their hand; 1 if any were drawn."""
    drawn = Counter(now) - Counter(before)
    if not drawn:
        return 0
    hand = next(line for line in reversed(screen.splitlines()) if line.startswith("Your hand:"))
    for kind in drawn:
        assert f"{NEW_MARK}{card_code(kind)}" in hand, f"drawn {card_code(kind)} is not marked: {hand}"
    return 1


def _ask_for_a_hint(child: pexpect.spawn) -> None:
    child.expect(r"\?\) (?:\x1b\[[0-9;]*m)*Coach: the best moves")
    child.send("?")  # the coach's key takes it at once
    child.expect("Press any key", timeout=30)
    said = plain(child.before)
    assert re.search(r"Coach: win chance with best play \d+\.\d% \(estimated from [\d,]+ samples\)\.", said), said
    for rank in (1, 2, 3):
        assert re.search(rf"\n +{rank}\. +\d+\.\d%  \w", said), said
    # The reply the search expects to the first, under it (after the lines a long first action wraps to).
    assert re.search(r"1\. .*\n(?:(?! +2\.).*\n)*? +likely reply: South \w", said), said
    child.send(ENTER)
    child.expect(r"Coach \(\d+%\): \w")  # the best action stays under the board


def _open_the_log(child: pexpect.spawn, model: Match[A.MusterAction], me: int) -> None:
    child.expect(r"l\) (?:\x1b\[[0-9;]*m)*Log")
    child.send("l")  # the log's key takes it at once
    child.expect("the game so far")
    child.expect(r"Log \(arrows or space to scroll, q to go back\)")
    seen = " ".join(plain(child.before).split())
    assert f"1. {model.events[0].text_for(me)}" in seen  # from the start of the game
    child.send("q")
