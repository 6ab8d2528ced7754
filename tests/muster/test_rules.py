"""The numbered rulings and the rulebook's examples, one test (or a few) each."""

from __future__ import annotations

import pytest

from tabletop.game import CHANCE, IllegalActionError
from tabletop_muster import game
from tabletop_muster.cards import CASTLE, RAINBOW, WIZARD, card_code, parse_token
from tabletop_muster.position import build_state
from tabletop_muster.reasons import why_unplayable
from tabletop_muster.scoring import castle_results, score
from tabletop_muster.state import ACT, OVER, PLACE, REFILL, MusterState
from tests.muster.helpers import card, legal, play, why


def tokens(text: str) -> list[int]:
    return [t for t in (parse_token(c) for c in text.split()) if t is not None]


def leave_one_card(state: MusterState, kind: int) -> None:
    """Move every deck card but one ``kind`` out of play (onto a castle space), so the next draw is the last."""
    rest = state.deck[:]
    rest.remove(kind)
    state.deck = [kind]
    state.castles[3] = rest + state.castles[3]
    state.sync()


# --------------------------------------------------------------- components
def test_the_deck_has_47_cards_and_deals_5_each() -> None:
    state = game.new_initial_state({"first": "1"})
    assert len(state.deck) == 47
    assert state.deck.count(card("W1")) == 3 and state.deck.count(card("W2")) == 2
    assert state.deck.count(card("P5")) == 1
    assert state.deck.count(RAINBOW) == 5 and state.deck.count(CASTLE) == 2
    for _ in range(10):
        assert state.current_player() == CHANCE
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        play(state, str(outcomes[0][0]))
    assert [len(h) for h in state.hands] == [5, 5]
    assert len(state.deck) == 37
    assert state.phase == ACT and state.current_player() == 0


def test_each_draw_is_weighted_by_the_copies_left() -> None:
    state = game.new_initial_state({"first": "2"})
    probs = {str(a): p for a, p in state.chance_outcomes()}
    assert probs["*W1"] == pytest.approx(3 / 47)
    assert probs["*R"] == pytest.approx(5 / 47)
    assert probs["*W5"] == pytest.approx(1 / 47)


def test_random_first_player_is_a_fair_chance_node() -> None:
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [("first=1", 0.5), ("first=2", 0.5)]
    play(state, "first=2")
    assert state.first == 1
    play(state, "*W1")
    assert state.hands[1] == [card("W1")]  # the first player is dealt first


# ----------------------------------------------------------------- ruling 1
def test_ruling_1_values_wizard_6_bridge_1_banner_its_strength() -> None:
    cols: list[list[list[int]]] = [[tokens("W1 RB2 W3"), tokens("L2 RW"), [], [], []], [[], [], [], [], []]]
    results = castle_results(cols)
    assert results[0].strengths == (5, 0)
    assert results[1].strengths == (8, 0)


def test_ruling_1_nothing_but_a_wizard_goes_on_a_wizard() -> None:
    state = build_state(
        north="W1 W2 R R L1",
        south="F1 F2 F3 P1 P2",
        north_columns={"water": "W1 RW"},
    )
    moves = legal(state)
    assert "R>W" in moves  # a Wizard on a Wizard
    assert not {"W1>W", "W2>W", "R+W2>W"} & moves
    assert "only a Wizard may go on a Wizard" in why(state, "W2>W")


# ----------------------------------------------------------------- ruling 2
def test_ruling_2_icon_must_match_unless_a_rainbow_castle_tops_the_space() -> None:
    state = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2")
    assert legal(state) >= {"W1>W", "L1>L"}
    assert "W1>L" not in legal(state)
    assert "Rainbow Castle" in why(state, "W1>L")
    opened = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", castles={"leaf": "L3 X"})
    assert {"W1>L", "C1>L", "F1>L", "P1>L"} <= legal(opened)


def test_ruling_2_rainbow_castle_opens_both_sides_and_is_judged_at_play_time() -> None:
    state = build_state(north="W1 L1 C1 F1 X", south="W2 L2 C2 F2 P2")
    play(state, "cX>L", "d", "*W3")  # North opens the Leaf space...
    assert "W2>L" in legal(state)  # ...for South too
    play(state, "W2>L", "d", "*C3")
    assert state.cols[1][1] == tokens("W2")
    play(state, "cL1", "d", "*C4")  # North buries the Rainbow Castle
    assert "F2>L" not in legal(state)
    assert state.cols[1][1] == tokens("W2")  # the Water card stays where it was legally played


@pytest.mark.parametrize(
    ("column", "card", "ok"),
    [
        ("", "W2", True),
        ("W1", "W2", True),
        ("W2", "W2", True),
        ("W1 W2 W3", "W2", False),
        ("W3 W4", "W2", False),
        ("", "W3", True),
        ("W1 W2", "W3", True),
        ("W1", "W3", False),
    ],
)
def test_ruling_2_rulebook_strength_examples(column: str, card: str, ok: bool) -> None:
    """A 2 goes on an empty space, a 1 or a 2, not on a 3 or more; a 3 on an empty space or a 2, not on a 1."""
    hand = {"W2": "W2 L1 C1 F1 P1", "W3": "W3 L1 C1 F1 P1"}[card]
    state = build_state(north=hand, south="L2 C2 F2 P2 P3", north_columns={"water": column})
    assert (f"{card}>W" in legal(state)) is ok


def test_ruling_2_equal_or_one_more() -> None:
    state = build_state(north="W3 W4 L1 C1 F1", south="L2 C2 F2 P2 P3", north_columns={"water": "W1 W2", "leaf": "L1"})
    assert {"W3>W", "L1>L"} <= legal(state)  # one more; equal
    assert "W4>W" not in legal(state)
    assert "only strength 2 or 3" in why(state, "W4>W")


# ----------------------------------------------------------------- ruling 3
def test_ruling_3_bridge_stands_for_the_next_value_and_needs_the_banner_after_it() -> None:
    state = build_state(north="R W2 W4 L3 C1", south="L2 C2 F2 P2 P3", north_columns={"leaf": "L1"})
    moves = legal(state)
    assert "R+W2>W" in moves  # empty column: the Bridge is a 1, then a 2
    assert "R+L3>L" in moves  # on a 1 the Bridge is a 2, then a 3
    assert "R+W4>W" not in moves and "R+L3>W" not in moves
    assert not any(m.startswith("RR+") for m in moves)  # one Bridge without Over the Rainbow


def test_ruling_3_bridge_only_on_3_or_less_and_needs_the_icon() -> None:
    state = build_state(
        north="R W5 L5 C5 F3",
        south="L2 C2 F2 P2 P3",
        north_columns={"water": "W1 W2 W3", "leaf": "L1 L2 L3 L4"},
    )
    moves = legal(state)
    assert "R+W5>W" in moves  # 3 -> Bridge as 4 -> 5
    assert not any(m.endswith(">L") and m.startswith("R+") for m in moves)  # on a 4 a Bridge would need a 6
    assert "R+C5>W" not in moves  # the follow-up Banner passes the icon rule
    assert why(state, "R+L5>L") == "on a 4 a Bridge needs a 6: none exists"


def test_ruling_3_a_bridge_is_never_a_play_on_its_own() -> None:
    state = build_state(north="R R R L1 C1", south="L2 C2 F2 P2 P3")
    assert not any("+" in m for m in legal(state))


# ----------------------------------------------------------------- ruling 4
def test_ruling_4_move_a_wizard_then_turn_up_the_deck_top_onto_its_space() -> None:
    state = build_state(
        north="W1 L1 C1 F1 P1",
        south="W2 L2 C2 F2 P2",
        north_columns={"water": "W1 RW", "leaf": "L1"},
    )
    moves = legal(state)
    assert {"mW>L", "mW>C", "mW>F", "mW>P"} <= moves
    assert not any(m.startswith("mL") for m in moves)  # the Leaf column's top is no Wizard
    play(state, "mW>L")
    assert state.cols[0][0] == tokens("W1") and state.cols[0][1] == tokens("L1 RW")
    assert state.current_player() == CHANCE
    play(state, "*F4")
    assert state.castles[3] == [card("F4")]
    assert len(state.hands[0]) == 5  # no refill
    assert state.phase == ACT and state.current_player() == 1


def test_ruling_4_a_turned_up_rainbow_card_goes_where_the_mover_chooses() -> None:
    state = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", north_columns={"water": "RW"})
    play(state, "mW>P", "*X")
    assert state.phase == PLACE and state.current_player() == 0
    assert legal(state) == {"pW", "pL", "pC", "pF", "pP"}
    play(state, "pC")
    assert state.castles[2] == [CASTLE]
    assert state.current_player() == 1


def test_ruling_4_the_wizard_may_land_on_a_wizard_and_leave_one_behind() -> None:
    state = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", north_columns={"water": "RW RW", "leaf": "RW"})
    play(state, "mW>L", "*W3")
    assert state.cols[0][0] == [WIZARD] and state.cols[0][1] == [WIZARD, WIZARD]


# ----------------------------------------------------------------- ruling 5
def test_ruling_5_castle_banner_on_its_own_space_rainbow_cards_anywhere() -> None:
    state = build_state(north="W1 R X C1 F1", south="W2 L2 C2 F2 P2")
    moves = legal(state)
    assert {"cW1", "cC1", "cF1"} <= moves
    assert {f"cR>{f}" for f in "WLCFP"} <= moves and {f"cX>{f}" for f in "WLCFP"} <= moves
    play(state, "cW1")
    assert state.castles[0] == [card("W1")]
    assert state.phase == REFILL and state.need == 1


# ----------------------------------------------------------------- ruling 6
def test_ruling_6_refill_choices_exclude_rainbow_castles_and_the_card_castled_this_turn() -> None:
    state = build_state(
        north="W1 W2 L1 C1 F1",
        south="W3 L2 C2 F2 P2",
        castles={"leaf": "L3", "cloud": "C3 X", "flame": "X F3"},
    )
    play(state, "cW1")
    assert legal(state) == {"d", "dL", "dF"}  # not Water (castled now), not Cloud (a Rainbow Castle on top)
    assert "this turn" in why(state, "dW")
    assert "can never be drawn" in why(state, "dC")


def test_ruling_6_each_draw_is_a_decision_and_deck_draws_are_chance() -> None:
    state = build_state(north="R W2 W3 L1 C1", south="W4 L2 C2 F2 P2", castles={"leaf": "L3 L4"})
    play(state, "R+W2>W")  # two cards played: two to draw
    assert state.phase == REFILL and state.need == 2 and state.current_player() == 0
    play(state, "dL")
    assert state.hands[0].count(card("L4")) == 1 and state.need == 1
    assert card("L4") in state.known[0]  # the opponent saw it taken
    play(state, "d")
    assert state.current_player() == CHANCE
    play(state, "*P5")
    assert len(state.hands[0]) == 5 and state.current_player() == 1
    assert card("P5") not in state.known[0]  # a deck draw stays secret


# ----------------------------------------------------------------- ruling 7
def test_ruling_7_the_last_deck_card_ends_the_game_at_once_during_a_refill() -> None:
    state = build_state(north="R W2 W3 L1 C1", south="W4 L2 C2 F2 P2")
    leave_one_card(state, state.deck[0])
    play(state, "R+W2>W", "d")
    last = state.deck[0]
    assert [str(a) for a in state.legal_actions()] == ["*" + card_code(last)]
    state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.phase == OVER
    assert len(state.hands[0]) == 4  # the second owed draw is not taken
    assert state.need == 0 and last in state.hands[0]
    assert state.legal_actions() == []


def test_ruling_7_a_move_that_turns_up_the_last_card_ends_the_game() -> None:
    state = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", north_columns={"water": "RW"})
    leave_one_card(state, RAINBOW)
    play(state, "mW>L", "*R")
    assert state.is_terminal()
    assert state.pending == RAINBOW  # turned up, never placed: the game is over
    assert sum(state.card_count()) == 47


# ----------------------------------------------------------------- ruling 8
def test_ruling_8_only_the_lowest_rainbow_card_of_a_column_can_be_swapped() -> None:
    state = build_state(
        north="W2 W3 L1 C1 F1",
        south="W4 L2 C2 F2 P2",
        south_columns={"water": "W1 W2 RW RW"},
    )
    moves = legal(state)
    assert {"sW2>2W", "sW3>2W"} <= moves  # legal on the W2 below the lowest Wizard
    play(state, "sW3>2W")
    assert state.cols[1][0] == tokens("W1 W2 W3 RW")
    assert sorted(state.hands[0]) == sorted([RAINBOW] + [card(c) for c in ["W2", "L1", "C1", "F1"]])
    assert RAINBOW in state.known[0]
    assert state.current_player() == 1 and state.phase == ACT  # no refill


def test_ruling_8_wizard_swap_checks_the_card_above() -> None:
    # A Banner above a Wizard cannot arise in play (ruling 1); the check is still made, on a hand-made column.
    state = build_state(north="W2 W3 L1 C1 F1", south="W1 L2 C2 F2 P2", south_columns={"water": "W2 RW"})
    state.cols[1][0].append(card("W4"))  # [W2, RW, W4]
    state.deck.remove(card("W4"))
    state.sync()
    moves = legal(state)
    assert "sW3>2W" in moves  # 3 on the 2 below, and the W4 above may lie on a 3
    assert "sW2>2W" not in moves  # 2 on the 2 is fine, but the W4 above could not lie on a 2
    assert "above the Wizard" in why(state, "sW2>2W")


def test_ruling_8_bridge_swap_needs_exactly_the_substituted_strength_and_the_icon() -> None:
    state = build_state(
        north="W2 L2 W4 C1 F1",
        south="W5 L1 C2 F2 P2",
        south_columns={"water": "W1 RB2 W3"},
    )
    moves = legal(state)
    assert "sW2>2W" in moves
    assert "sW4>2W" not in moves and "sL2>2W" not in moves
    assert "stood for 2" in why(state, "sW4>2W")
    assert "Rainbow Castle" in why(state, "sL2>2W")


def test_ruling_8_swap_on_your_own_side_too() -> None:
    state = build_state(north="W2 L2 W3 C1 F1", south="W4 L1 C2 F2 P2", north_columns={"leaf": "L1 RW"})
    assert "sL2>1L" in legal(state)


# ----------------------------------------------------------------- ruling 9
def test_ruling_9_strength_then_banner_count_then_nobody() -> None:
    cols = [
        [tokens("W1 W2"), tokens("L2 RW"), tokens("C1 C2"), [], tokens("P5")],
        [tokens("W3"), tokens("L1 L2 L3 L1 L1"), tokens("C1 C1 C1"), [], tokens("RW")],
    ]
    r = castle_results(cols)
    assert (r[0].decided_by, r[0].winner) == ("banners", 0)  # 3 v 3: two Banners beat one
    assert (r[1].strengths, r[1].banners, r[1].decided_by, r[1].winner) == ((8, 8), (1, 5), "banners", 1)
    assert (r[2].strengths, r[2].decided_by, r[2].winner) == ((3, 3), "banners", 1)
    assert (r[3].decided_by, r[3].winner) == ("tie", None)  # empty v empty
    assert (r[4].strengths, r[4].winner) == ((5, 6), 1)


def test_ruling_9_winner_by_castles_then_total_then_draw() -> None:
    even = [[tokens("W1"), tokens("L2"), [], [], []], [tokens("W2"), tokens("L1"), [], [], []]]
    s = score(even)
    assert s.castles == (1, 1) and s.decided_by == "draw" and s.winner is None
    more = [[tokens("W1"), tokens("L3"), [], [], []], [tokens("W2"), tokens("L1"), [], [], []]]
    s = score(more)
    assert s.castles == (1, 1) and s.totals == (4, 3) and s.decided_by == "total strength" and s.winner == 0
    s = score([[tokens("W1"), [], [], [], []], [[], [], [], [], []]])
    assert s.castles == (1, 0) and s.winner == 0


def test_ruling_9_returns_and_outcome_text() -> None:
    state = build_state(
        north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", north_columns={"water": "RW"}, south_columns={"leaf": "L1"}
    )
    leave_one_card(state, RAINBOW)
    play(state, "mW>C", "*R")
    s = state.score()
    assert s.castles == (1, 1) and s.totals == (6, 1)
    assert state.returns() == [1.0, 0.0]
    assert state.outcome_text() == "North wins on total strength, 6 to 1 (castles tied 1-1)."


# ---------------------------------------------------------------- ruling 10
def test_ruling_10_any_card_can_be_castled_so_there_is_always_an_action() -> None:
    state = build_state(
        north="W1 W1 L1 L1 C1",
        south="W2 L2 C2 F2 P2",
        north_columns={f: "RW" for f in ("water", "leaf", "cloud", "flame", "feather")},
    )
    moves = legal(state)
    assert {"cW1", "cL1", "cC1"} <= moves
    assert not any(">" in m and m[0] in "WLCFP" for m in moves)  # no Banner fits anywhere
    for code in ("W1", "L1", "C1"):
        assert why_unplayable(state, card(code)) is None
        assert "Wizard" in (why_unplayable(state, card(code), "banner") or "")


# ------------------------------------------------------ rulebook examples
def test_rulebook_bridge_example_reaches_5_with_3_cards_left_and_2_to_draw() -> None:
    state = build_state(north="W3 R L1 C1 F1", south="W2 L2 C2 F2 P2", north_columns={"water": "W1"})
    assert "W3>W" not in legal(state)  # no Water 2 in hand: the 3 cannot follow the 1
    play(state, "R+W3>W")
    assert state.cols[0][0] == tokens("W1 RB2 W3")
    assert state.score().results[0].strengths[0] == 5
    assert len(state.hands[0]) == 3
    assert state.phase == REFILL and state.need == 2


def test_rulebook_bridge_swap_example() -> None:
    state = build_state(north="W3 R L1 C1 F1", south="W2 L2 C2 F2 P2", north_columns={"water": "W1"})
    play(state, "R+W3>W", "d", "*P5", "d", "*P4")
    assert "sW2>1W" in legal(state)
    play(state, "sW2>1W")
    assert state.cols[0][0] == tokens("W1 W2 W3")
    assert RAINBOW in state.hands[1] and RAINBOW in state.known[1]
    assert state.current_player() == 0  # no drawing


def test_rulebook_swap_example_takes_15_down_to_11() -> None:
    state = build_state(
        north="X C2 L1 W1 F1",
        south="W2 L2 C1 F2 P3",
        south_columns={"feather": "P1 P2 RW RW"},
        turn_of="north",
    )
    assert state.score().results[4].strengths[1] == 15
    assert "sC2>2P" not in legal(state)  # no Feather card: the icon rule stops it
    play(state, "cX>P", "d", "*W3")
    play(state, "cW2", "d", "*L5")  # South's turn leaves the Rainbow Castle on top
    play(state, "sC2>2P")
    assert state.cols[1][4] == tokens("P1 P2 C2 RW")
    assert state.score().results[4].strengths[1] == 11
    assert RAINBOW in state.hands[0]
    play(state, "cF2", "d", "*L4")
    # The next turn the remaining Wizard (now on the Cloud 2) can be swapped again, by a 2 or a 3.
    assert "sW3>2P" in legal(state)
    play(state, "sW3>2P")
    assert state.cols[1][4] == tokens("P1 P2 C2 W3")


def test_rulebook_a_wizard_on_a_5_needs_a_rainbow_castle_and_another_5() -> None:
    base = dict(north="W5 L1 C1 F1 P1", south="W2 L2 C2 F2 P2", south_columns={"feather": "P5 RW"})
    assert "sW5>2P" not in legal(build_state(**base))  # type: ignore[arg-type]
    opened = build_state(**base, castles={"feather": "X"})  # type: ignore[arg-type]
    assert "sW5>2P" in legal(opened)


def test_illegal_action_is_refused_with_the_reason() -> None:
    state = build_state(north="W1 L1 C1 F1 P1", south="W2 L2 C2 F2 P2")
    with pytest.raises(IllegalActionError, match="no Water 3 in your hand"):
        state.apply(game.parse_action(state, "W3>W"))
    with pytest.raises(IllegalActionError, match=r"must take a turn's action|draw"):
        state.apply(game.parse_action(state, "d"))
