"""Klondike's rules: the deal, moves, the stock and its passes, scoring, hidden cards, the finish, the kit."""

from __future__ import annotations

import random

import pytest

from tabletop.game import IllegalActionError, InvalidActionError, InvalidStateError
from tabletop.loop import Match
from tabletop.playing_cards import Card, FacedPile, Suit, parse_cards
from tabletop.testing import check_agents, check_game, check_steps, option_combinations
from tabletop_klondike import game
from tabletop_klondike.game import state_from_json
from tabletop_klondike.rules import MOVE_LIMIT, Dealt, Draw, GiveUp, KlondikeState, Move, deal_place


def dealt(seed: int = 1, **options: str) -> KlondikeState:
    match = Match(game, options=options, seed=seed, agents=[None])
    match.advance()
    state = match.state
    assert isinstance(state, KlondikeState)
    return state


def table(
    piles: list[str],
    *,
    stock: str = "",
    waste: str = "",
    home: dict[Suit, int] | None = None,
    downs: list[int] | None = None,
    draw: int = 1,
    passes: int = 0,
    vegas: bool = False,
) -> KlondikeState:
    """A position laid out by hand (only the cards a test needs: a stock keeps it from finishing by itself)."""
    state = KlondikeState(draw=draw, passes=passes, vegas=vegas)
    cards = [parse_cards(p) for p in piles] + [[]] * (7 - len(piles))
    downs = (downs or []) + [0] * 7
    state.piles = [FacedPile(tuple(c), downs[i]) for i, c in enumerate(cards)]
    state.stock, state.waste = parse_cards(stock), parse_cards(waste)
    state.home = home or {s: 0 for s in Suit}
    state.dealt = 52
    return state


def test_the_deal_lays_out_seven_piles_with_their_top_card_face_up_and_a_stock_of_24() -> None:
    state = dealt()
    assert [len(p) for p in state.piles] == [1, 2, 3, 4, 5, 6, 7]
    assert [p.down for p in state.piles] == [0, 1, 2, 3, 4, 5, 6]
    assert len(state.stock) == 24 and not state.waste
    assert sorted(state.cards_in_play()) == sorted(Card.from_index(i) for i in range(52))


def test_hidden_cards_are_hidden_in_the_view_the_log_and_the_deal_notation_is_chance_only() -> None:
    match = Match(game, seed=5, agents=[None])
    match.advance()
    state = match.state
    assert isinstance(state, KlondikeState)
    view = state.view(0).to_json()
    face_down = {str(c) for p in state.piles for c in p.cards[: p.down]} | {str(c) for c in state.stock}
    text = repr(view) + " ".join(e.text_for(0) for e in match.events)
    assert face_down and not any(card in text for card in face_down)
    assert view["stock"].split() == ["??"] * 24


def test_resampling_redraws_only_what_the_player_cannot_see() -> None:
    state = dealt(seed=2)
    other = state.resample_hidden(0, random.Random(1))
    assert other.view(0) == state.view(0)
    assert other.to_json() != state.to_json()
    assert [p.face_up for p in other.piles] == [p.face_up for p in state.piles]


def test_once_the_waste_is_turned_over_the_stock_is_known_and_keeps_its_order() -> None:
    state = dealt(seed=3)
    while state.stock:
        state.apply(Draw())
    seen = list(state.waste)
    state.apply(Draw())
    assert state.turned == 1 and state.stock == seen[::-1]
    assert state.view(0).to_json()["stock"].split() == [str(c) for c in seen[::-1]]
    assert state.resample_hidden(0, random.Random(1)).stock == state.stock


def test_draw_three_turns_three_cards_and_the_passes_limit_the_turning_over() -> None:
    state = dealt(seed=4, draw="3", passes="1")
    state.apply(Draw())
    assert len(state.waste) == 3 and len(state.stock) == 21
    for _ in range(7):
        state.apply(Draw())
    assert not state.stock and Draw() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="may not be turned over again"):
        state.apply(Draw())


def test_a_run_moves_from_the_card_that_fits_and_the_card_under_turns_up() -> None:
    state = table(["5C 9S 8H 7C", "10H"], downs=[1, 0], stock="2D")
    state.apply(Move.parse("12"))
    assert [str(c) for c in state.piles[1].cards] == ["TH", "9S", "8H", "7C"]
    assert state.piles[0].down == 0 and state.score == 5  # the 5♣ turned up


def test_only_a_king_goes_on_an_empty_pile_and_a_king_at_the_bottom_stays() -> None:
    state = table(["KS QH", "3C QD", "KH"], downs=[0, 1, 0], stock="2D")
    assert Move("1", "4") not in state.legal_actions()  # the King is already at the bottom of its pile
    with pytest.raises(IllegalActionError, match="only a King"):
        state.apply(Move("2", "4"))


def test_a_card_home_may_come_back_down_and_costs_points() -> None:
    state = table(["7S", "KD"], stock="2D", home={Suit.HEARTS: 6, Suit.CLUBS: 0, Suit.DIAMONDS: 0, Suit.SPADES: 0})
    state.score = 100
    state.apply(Move.parse("hh1"))
    assert str(state.piles[0].top) == "6H" and state.home[Suit.HEARTS] == 5 and state.score == 85


def test_scoring_standard_and_vegas() -> None:
    standard = table(["AS", "2H"], waste="AH", stock="3C")
    standard.apply(Move.parse("wh"))
    standard.apply(Move.parse("1h"))
    assert standard.score == 20
    vegas = table(["AS", "2H"], waste="AH", stock="3C", vegas=True)
    vegas.score = -52
    vegas.apply(Move.parse("wh"))
    assert vegas.score == -47
    turning = table(["KS", "4H"], waste="3C", draw=1)
    turning.score = 150
    turning.apply(Draw())
    assert turning.score == 50 and turning.turned == 1


def test_every_card_goes_home_by_itself_once_all_are_face_up() -> None:
    home = {Suit.CLUBS: 13, Suit.DIAMONDS: 13, Suit.HEARTS: 11, Suit.SPADES: 11}
    state = table(["KS QH", "KH", "QS"], home=home)
    state.apply(Move.parse("32"))
    assert state.won() and state.is_terminal() and state.returns() == [1.0]
    assert state.finish == ("QH", "QS", "KS", "KH") and state.moves_made == 1
    assert state.outcome_text() == "Won in 1 moves, score 40."


def test_a_game_with_nothing_left_to_do_but_turn_the_stock_is_lost() -> None:
    state = table(["KS", "KH"], waste="5C", draw=1)
    state.turned = 1
    assert state.is_terminal() and state.returns() == [0.0]
    assert "nothing more can be moved" in state.outcome_text()


def test_giving_up_ends_the_game_lost() -> None:
    state = dealt(seed=6)
    state.apply(GiveUp())
    assert state.is_terminal() and state.returns() == [0.0] and "Given up" in state.outcome_text()


def test_notation_reads_back_and_garbage_is_refused() -> None:
    state = dealt()
    for text in ("s", "w5", "3h", "37", "hs3", "resign", "deal QH"):
        assert str(game.parse_action(state, text)) == text
    assert game.parse_action(state, "deal 10h") == Dealt(Card.parse("TH"))
    for text in ("88", "hh", "x1", "deal 1X", "hsh"):
        with pytest.raises(InvalidActionError):
            game.parse_action(state, text)


def test_a_state_reads_back_and_a_malformed_one_is_refused() -> None:
    state = dealt(seed=8)
    assert state_from_json(state.to_json()) == state
    data = state.to_json()
    with pytest.raises(InvalidStateError, match="7 piles"):
        state_from_json({**data, "piles": data["piles"][:3]})
    with pytest.raises(InvalidStateError, match="turned over more often"):
        state_from_json({**data, "turned": 5, "passes": 3})
    twice = data["stock"].split()
    with pytest.raises(InvalidStateError, match="different"):
        state_from_json({**data, "stock": " ".join([twice[1]] + twice[1:])})
    with pytest.raises(InvalidStateError, match="moves"):
        state_from_json({**data, "moves": "3"})
    with pytest.raises(InvalidStateError, match="moves were made"):
        state_from_json({**data, "moves": -1})
    with pytest.raises(InvalidStateError, match="not won"):
        state_from_json({**data, "finish": "KS"})


def test_the_state_counts_the_moves_the_matchs_history_lists() -> None:
    match = Match(game, seed=4, agents=[None])
    match.advance()
    for text in ("s", "s", "s"):
        match.apply(game.parse_action(match.state, text))
    state = match.state
    assert isinstance(state, KlondikeState)
    players_moves = [e for e in match.events if e.actor >= 0]
    assert state.moves_made == len(players_moves) == 3
    assert state.to_json()["moves"] == 3 and state.view(0).to_json()["moves"] == 3
    copy = state.clone()
    copy.apply(Draw())
    assert (copy.moves_made, state.moves_made) == (4, 3)


def test_the_move_limit_counts_the_moves_made() -> None:
    state = dealt(seed=2)
    state.moves_made = MOVE_LIMIT - 1
    state.apply(Draw())
    assert state.is_terminal() and state.truncated() and f"{MOVE_LIMIT}-move limit" in state.outcome_text()


def test_a_state_saved_with_its_moves_listed_still_loads() -> None:
    state = dealt(seed=8)
    for action in (Draw(), Draw()):
        state.apply(action)
    listed = {key: value for key, value in state.to_json().items() if key != "finish"}
    listed |= {"moves": ["s", "s"], "automatic": ["", ""]}
    assert state_from_json(listed) == state
    with pytest.raises(InvalidStateError, match="record of moves is malformed"):
        state_from_json({**listed, "automatic": [""]})

    home = {Suit.CLUBS: 13, Suit.DIAMONDS: 13, Suit.HEARTS: 11, Suit.SPADES: 11}
    won = table(["KS QH", "KH", "QS"], home=home)
    won.apply(Move.parse("32"))
    finished = {key: value for key, value in won.to_json().items() if key != "finish"}
    finished |= {"moves": ["32"], "automatic": ["QH QS KS KH"]}
    restored = state_from_json(finished)
    assert restored == won and restored.finish == won.finish and restored.outcome_text() == won.outcome_text()


@pytest.mark.parametrize("options", option_combinations(game), ids=str)
def test_conformance_kit(options: dict[str, str]) -> None:
    check_game(game, options=options, playouts=4)


def test_the_lists_offer_every_move_once_and_fit_80x24() -> None:
    assert check_steps(game, games=2) > 0
    assert check_steps(game, options={"draw": "3", "passes": "3"}, games=2) > 0


def test_the_computer_levels_play_legal_moves() -> None:
    check_agents(game, games=1)


def test_a_replay_of_a_game_still_played_names_no_card_dealt_face_down() -> None:
    from tabletop.game import seen_as_another

    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        action = state.sample_chance(rng)
        assert isinstance(state, KlondikeState) and isinstance(action, Dealt)
        place = deal_place(state.dealt)
        hidden = place is None or not place[1]
        assert seen_as_another(state, action, 0) == hidden, (state.dealt, str(action))
        state.apply(action)


def test_a_game_given_up_with_one_card_home_says_one_card() -> None:
    for seed in range(1, 200):  # the first deal with a card that can go home at once
        state = game.new_initial_state({})
        rng = random.Random(seed)
        while state.is_chance_node():
            state.apply(state.sample_chance(rng))
        home = [a for a in state.legal_actions() if isinstance(a, Move) and a.target == "h"]
        if home:
            break
    else:
        raise AssertionError("no deal of the first 200 starts with a card for home")
    state.apply(home[0])
    state.apply(GiveUp())
    assert "with 1 card home," in state.outcome_text()


def test_a_first_score_names_the_way_of_playing_it_is_counted_under() -> None:
    from tabletop.game import score_of
    from tabletop.loop import Match
    from tabletop.ui.play import best_score_words

    for options, name in (({"draw": "3"}, "Klondike, draw 3"), ({}, "Klondike")):
        match = Match(game, seed=4, options=options)
        match.advance()
        match.apply(GiveUp())
        assert (
            best_score_words(match, None)
            == f"Score {score_of(match.state):g}: your first at {name} (the highest is best)."
        )
