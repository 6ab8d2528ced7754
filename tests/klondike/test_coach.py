"""The coach where no sampled deal was won: it says plainly that the deal looks lost and lists Give up first,
then the moves that play on in the order one would try them (a card taken back from home last); the table
shows it so, and choosing it still asks the question giving up asks. The computer level does not give up at
a first decision for want of a sampled win, and where its sampled wins start with different moves it plays
the one after which the most deals are won."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from tabletop.loop import Match
from tabletop.playing_cards import Card, FacedPile, Suit, parse_cards
from tabletop.ui.coach import coach_move, give_hint, show_hint
from tabletop.ui.play import Table
from tabletop_klondike import coach, game
from tabletop_klondike.rules import Action, Draw, GiveUp, KlondikeState, Move, TableView
from tabletop_klondike.solver import Result
from tabletop_klondike.ui import GIVE_UP_QUESTION, GIVE_UP_TITLE
from tests.framework.test_table import Scripted


def no_wins(positions: Any, legal: Any, nodes: int, deadline: float | None = None) -> coach.Tally:
    """The solver's word where six deals were sampled, none was won and no line led nearer a win."""
    return coach.Tally({}, 0, 6, {})


def test_with_no_sampled_win_the_deal_looks_lost_and_give_up_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    state = game.new_initial_state({"draw": "1"})
    while state.is_chance_node():
        state.apply(state.sample_chance(random.Random(5)))
    legal: list[Action] = [Move("hd", "3"), Draw(), *state.legal_actions()]
    legal = list(dict.fromkeys(legal))

    monkeypatch.setattr(coach, "tally", no_wins)
    analysis = coach.SamplingAnalyst().analyse(state.view(0), legal, seconds=1.0, rng=random.Random(1))
    ranked = [r.action for r in analysis.rated]
    assert sorted(map(str, ranked)) == sorted(map(str, legal))
    assert isinstance(ranked[0], GiveUp)
    assert ranked.index(Move("hd", "3")) > max(i for i, a in enumerate(ranked) if isinstance(a, Draw))
    assert ranked[-1] == Move("hd", "3")  # a card taken back from home: the last move to try
    assert all(r.win == 0.0 for r in analysis.rated) and analysis.samples == 6
    assert analysis.notes[0].startswith(coach.LOOKS_LOST + ": ")
    assert "won none of 6 deals" in analysis.notes[0]


def test_the_table_shows_give_up_first_and_asks_before_the_coach_gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coach, "tally", no_wins)
    match = Match(game, options={"draw": "1"}, seed=4, agents=[None])
    match.advance()
    out = io.StringIO()
    table = Table(match, game.ui(), Console(file=out, width=80, color_system=None), Scripted(), ["You"])
    line = give_hint(table, 0)
    screen = out.getvalue()
    assert "This deal looks lost: with every card known, the solver won none of 6 deals" in " ".join(screen.split())
    assert f"1.   0.0%  {GIVE_UP_TITLE}" in screen
    assert line == f"Coach (0%): {GIVE_UP_TITLE}"
    played = coach_move(table, 0)  # the Coach asked at this decision is not asked again: its first move
    assert played == (GiveUp(), f"Played the Coach's move (0%): {GIVE_UP_TITLE}.")
    view = match.state.view(0)
    assert isinstance(view, TableView)
    assert game.ui().confirmation(view, GiveUp()) == GIVE_UP_QUESTION  # never made at one key


def test_the_computer_level_does_not_give_up_at_its_first_decision_for_want_of_a_sampled_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(coach, "tally", no_wins)
    for seed in range(1, 6):
        match = Match(game, options={"draw": "1"}, seed=seed, agents=[None])
        match.advance()
        view = match.state.view(0)
        assert isinstance(view, TableView)
        chosen = coach.CoachAgent().choose(view, match.state.legal_actions(), random.Random(seed))
        assert not isinstance(chosen, GiveUp), seed  # a card home, else a look at the stock not yet seen


@pytest.mark.parametrize("seed", [1, 4, 5])
def test_the_coach_rates_up_to_three_moves_that_play_on(seed: int) -> None:
    from tabletop.analysis import analysis_rng
    from tabletop.loop import Match
    from tabletop.registry import Registry
    from tabletop_klondike.rules import GiveUp

    game = Registry.discover().get("klondike")
    analyst = game.analyst(game.resolve_options({}))
    assert analyst is not None
    match = Match(game, seed=seed, agents=[None])
    match.advance()
    legal = match.state.legal_actions()
    playing_on = [a for a in legal if not isinstance(a, GiveUp)]
    analysis = analyst.analyse(match.state.view(0), legal, seconds=30, rng=analysis_rng(seed, 0))
    assert len(analysis.rated) >= min(3, len(playing_on)), [str(r.action) for r in analysis.rated]
    shown = analysis.rated[: min(3, len(playing_on))]
    assert all(not isinstance(r.action, GiveUp) for r in analysis.rated)  # the moves listed play on
    assert all(not isinstance(r.action, GiveUp) for r in shown)


def test_where_every_move_listed_goes_round_in_a_circle_give_up_comes_first() -> None:
    from tabletop.circles import without_circles
    from tabletop.game import state_after

    state = game.new_initial_state({"draw": "3"})
    rng = random.Random(7)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    analysis = coach.SamplingAnalyst().analyse(state.view(0), state.legal_actions(), seconds=5.0, rng=rng)
    ranked = [r.action for r in analysis.rated]
    assert GiveUp() not in ranked  # the Coach rates the moves that play on
    passed = {state_after(state, a).view(0).position_key() for a in ranked}
    resort = game.last_resort_actions({"draw": "3"})
    circled = without_circles(analysis, state, 0, passed, resort)
    assert circled.rated[0].action == GiveUp() and circled.rated[0].win == 0.0  # the loss it is, first
    assert [r.action for r in circled.rated[1:]] == ranked  # then the circles, their figures kept
    assert without_circles(analysis, state, 0, set(), resort).rated[0].action == ranked[0]


def seven_at_draw_three() -> tuple[TableView, list[Action], Move]:
    """The first decision of seed 7 at draw 3: its view, its legal moves, and its last move on the table (not
    the move one tries first)."""
    match = Match(game, options={"draw": "3"}, seed=7, agents=[None])
    match.advance()
    view, legal = match.state.view(0), match.state.legal_actions()
    assert isinstance(view, TableView)
    return view, legal, [a for a in legal if isinstance(a, Move) and a.target != "h"][-1]


def test_where_no_sampled_deal_is_won_the_moves_that_lead_nearer_a_win_come_after_give_up_and_the_level_plays_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view, legal, ahead = seven_at_draw_three()
    assert coach.looks_lost(legal, 6).rated[1].action != ahead
    monkeypatch.setattr(coach, "tally", lambda *args, **kwargs: coach.Tally({}, 0, 6, {ahead: 9, Draw(): 3}))
    analysis = coach.SamplingAnalyst().analyse(view, legal, seconds=1.0, rng=random.Random(1))
    assert [r.action for r in analysis.rated][:3] == [GiveUp(), ahead, Draw()]
    assert coach.CoachAgent().choose(view, legal, random.Random(1)) == ahead


def test_where_the_first_moves_of_the_wins_split_the_level_plays_the_move_after_which_most_deals_are_won(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view, legal, played = seven_at_draw_three()
    # The solver's wins start twice with a turn of the stock and once with the move on the table, but after
    # the move every sampled deal is won, after turning the stock none: the votes only split the wins.
    monkeypatch.setattr(coach, "tally", lambda *args, **kwargs: coach.Tally({Draw(): 2, played: 1}, 3, 6, {}))
    monkeypatch.setattr(coach, "position_after", lambda state, action: action)
    won_after = {played: True, Draw(): False}
    monkeypatch.setattr(coach, "solve", lambda action, node_limit: Result(won_after[action], False, (), 1))
    assert coach.CoachAgent().choose(view, legal, random.Random(1)) == played


def stuck_two(*, stock_seen: bool) -> KlondikeState:
    """A table where the 2♠ lies on the 3♥, the 3♦ and the A♠, all face down: it can leave only onto a red 3
    or home after the A♠, so nothing will ever turn them up. The other cards are home or in the stock."""
    state = KlondikeState(draw=1, passes=0, vegas=False)
    state.dealt = 52
    state.piles[0] = FacedPile(tuple(parse_cards("AS 3D 3H 2S")), 3)
    state.home = {Suit.CLUBS: 13, Suit.DIAMONDS: 2, Suit.HEARTS: 2, Suit.SPADES: 0}
    state.stock = [Card(rank, suit) for suit in (Suit.DIAMONDS, Suit.HEARTS) for rank in range(4, 14)]
    state.stock += [Card(rank, Suit.SPADES) for rank in range(3, 14)]
    state.turned = 1 if stock_seen else 0
    return state


def test_where_the_cards_in_sight_prove_the_deal_lost_the_coach_says_which_cannot_move() -> None:
    seen = stuck_two(stock_seen=True)
    analysis = coach.SamplingAnalyst().analyse(seen.view(0), seen.legal_actions(), seconds=1.0, rng=random.Random(1))
    assert isinstance(analysis.rated[0].action, GiveUp)
    assert {str(r.action) for r in analysis.rated} == {str(a) for a in seen.legal_actions()}
    assert analysis.notes == (
        "This deal is lost: the 2♠ in pile 1 can never move, so the cards under it stay face down, however you "
        "play. Give up comes first; the moves after it play on.",
    )
    out = io.StringIO()
    show_hint(
        Console(file=out, width=80, color_system=None),
        Scripted(),
        game.ui(),
        seen.view(0),
        seen.legal_actions(),
        analysis,
        points=False,
    )
    shown = " ".join(out.getvalue().split())
    assert "Coach: win chance with best play 0.0% (certain). 1. 0.0% Give up" in shown, shown  # not "estimated"
    # With the stock not yet seen it could hold a red 3 or the A♠ for all the player knows: no proof.
    unseen = stuck_two(stock_seen=False)
    assert coach.stuck_in_view(unseen.view(0)) == []
    analysis = coach.SamplingAnalyst().analyse(
        unseen.view(0), unseen.legal_actions(), seconds=1.0, rng=random.Random(1)
    )
    assert not analysis.notes[0].startswith(coach.IS_LOST)


def test_the_review_grades_giving_up_as_the_loss_it_is() -> None:
    from tabletop.review import review_game

    match = Match(game, seed=12)
    match.advance()
    match.apply(GiveUp())  # at the first move, where the Coach still sees wins
    analyst = coach.SamplingAnalyst()  # with time enough for every sample, however busy the machine
    review = review_game(
        game, match.history, options=match.options, seed=match.seed, seat=0, analyst=analyst, seconds=60.0
    )
    (decision,) = review.decisions
    assert str(decision.played) == "resign" and decision.played_win == 0.0
    assert decision.best_win > 0 and decision.grade != "best", decision
