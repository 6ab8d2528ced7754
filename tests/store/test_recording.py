"""Every action is saved as it is applied; a saved game resumes to the identical state."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import FirstAgent, RandomAgent
from tabletop.loop import Event, Match
from tabletop.rebuild import load_match
from tabletop.store import Store, StoreError, attach, start_recording
from tests.store.store_fakegames import ClimbState, FakeRegistry


def test_each_action_is_stored_before_the_next(store: Store, reg: FakeRegistry) -> None:
    seen: list[int] = []

    def ui_callback(match: Match[Any], event: Event) -> None:
        # The recorder runs first, so by now the action is in the database.
        assert store.get(recorder.row_id).history == match.history
        seen.append(len(match.history))

    match = Match(reg.get("nim"), seed=11, agents=[RandomAgent(), RandomAgent()], on_action=ui_callback)
    recorder = start_recording(store, match, ["random", "random"], ["A", "B"])
    match.run()
    assert seen == list(range(1, len(match.history) + 1))
    record = store.get(recorder.row_id)
    assert record.is_finished and recorder.finished and recorder.error is None
    assert record.result == match.state.outcome_text()
    assert record.returns == match.state.returns()
    assert store.unfinished() == []


def test_resume_gives_the_identical_state_and_random_sequence(store: Store, reg: FakeRegistry) -> None:
    game = reg.get("nim")
    match = Match(game, seed=99, agents=[None, FirstAgent()])
    recorder = start_recording(store, match, ["human", "first"], ["You", "Computer"])
    match.advance()
    match.apply(match.state.legal_actions()[-1])  # the person's decision
    match.advance()
    # The program stops here (Ctrl-C); only the database remains.
    (record,) = store.unfinished()
    assert record.id == recorder.row_id
    resumed = load_match(record, reg)
    assert resumed.state == match.state
    assert resumed.history == match.history
    assert resumed.rng.getstate() == match.rng.getstate()
    assert resumed.agents[0] is None and isinstance(resumed.agents[1], FirstAgent)

    attach(store, record.id, resumed)
    for m in (match, resumed):
        while not m.is_over():
            m.advance()
            if m.human_to_act() is not None:
                m.apply(m.state.legal_actions()[0])
    assert resumed.state == match.state and resumed.history == match.history
    final = store.get(record.id)
    assert final.is_finished and final.history == match.history


def test_record_replay_matches_framework_replay(reg: FakeRegistry) -> None:
    from tabletop.rebuild import replay_history
    from tabletop.store.records import GameRecord

    game = reg.get("nim")
    for seed in range(20):
        original = Match(game, seed=seed, agents=[RandomAgent(), RandomAgent()])
        original.run()
        record = GameRecord(
            game_id="nim",
            options=original.options,
            seed=seed,
            seats=["random"] * 2,
            names=["A", "B"],
            history=original.history,
            started="2026-01-01T00:00:00+00:00",
        )
        ours = replay_history(game, record, [None, None])
        theirs = Match.replay(game, original.history, options=original.options, seed=seed)
        assert ours.state == theirs.state == original.state
        assert ours.rng.getstate() == theirs.rng.getstate()


def test_attach_after_undo_cuts_the_stored_actions(store: Store, reg: FakeRegistry) -> None:
    game = reg.get("nim")
    match = Match(game, seed=4, agents=[None, None])
    recorder = start_recording(store, match, ["human", "human"], ["A", "B"])
    match.advance()
    match.apply(match.state.legal_actions()[0])
    match.advance()
    match.apply(match.state.legal_actions()[0])
    undone = Match.replay(game, match.history[:-1], options=match.options, seed=match.seed)
    attach(store, recorder.row_id, undone)
    assert store.get(recorder.row_id).history == undone.history
    undone.apply(undone.state.legal_actions()[-1])
    assert store.get(recorder.row_id).history == undone.history


def test_solo_game_keeps_its_score(store: Store, reg: FakeRegistry) -> None:
    match = Match(reg.get("climb"), seed=2, agents=[FirstAgent()])  # always "go" until bust or cap
    recorder = start_recording(store, match, ["human"], ["Solo"])
    match.run()
    record = store.get(recorder.row_id)
    state = match.state
    assert isinstance(state, ClimbState)
    assert record.score == float(state.score())
    assert record.result == f"Scored {state.score()}"


def test_a_store_failure_stops_the_game_and_says_what_is_kept(store: Store, reg: FakeRegistry) -> None:
    from tabletop.store import GameNotSavedError

    match = Match(reg.get("nim"), seed=8, agents=[RandomAgent(), RandomAgent()])
    recorder = start_recording(store, match, ["random", "random"], ["A", "B"])
    match.step()

    def failing(*args: object, **kwargs: object) -> int:
        raise StoreError("disk full")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store, "record", failing)
        with pytest.raises(GameNotSavedError) as stopped:
            match.step()
    assert recorder.error == "disk full" and stopped.value.row_id == recorder.row_id
    assert store.get(recorder.row_id).history == match.history[:1]  # what the message says is what is stored
    assert f"game {recorder.row_id} is saved up to action 1 of 2" in str(stopped.value)
    assert store.path is not None
    assert f"--data-dir {store.path.parent} resume {recorder.row_id}`" in str(stopped.value)  # not the default folder


KILLED_PLAYER = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, {tests!r})
    from tests.store.store_fakegames import Nim
    from tabletop.agents import RandomAgent
    from tabletop.loop import Match
    from tabletop.store import Store, start_recording

    store = Store.open({data!r})
    match = Match(Nim(), options={{"pile": "9"}}, seed=21, agents=[RandomAgent(), None])
    start_recording(store, match, ["random", "human"], ["Computer", "You"])
    while match.human_to_act() is None:
        match.step()
        print(len(match.history), flush=True)
    print("waiting", flush=True)
    time.sleep(60)  # a person thinking; the terminal is closed now
    """
)


def test_killed_program_loses_nothing_already_played(data: Path) -> None:
    script = KILLED_PLAYER.format(tests=str(Path(__file__).parent), data=str(data))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line.strip())
        if line.strip() == "waiting":
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    played = int(lines[-2])
    with Store.open(data) as store:
        (record,) = store.unfinished()
    assert len(record.history) == played
    resumed = load_match(record, FakeRegistry())
    assert resumed.human_to_act() == 1


def test_match_undo_with_the_recorder_as_its_hook(store: Store, reg: FakeRegistry) -> None:
    match = Match(reg.get("nim"), options={"pile": "9"}, seed=12, agents=[None, None])
    recorder = start_recording(store, match, ["human", "human"], ["A", "B"])
    match.on_undo = recorder.save
    match.advance()
    match.apply(match.state.legal_actions()[0])
    to = len(match.history) - 1
    match.undo(to)
    assert store.get(recorder.row_id).history == match.history
    match.apply(match.state.legal_actions()[-1])  # a different decision this time
    assert store.get(recorder.row_id).history == match.history
    resumed = load_match(store.get(recorder.row_id), reg)
    assert resumed.state == match.state
