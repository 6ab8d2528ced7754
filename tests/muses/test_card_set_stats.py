"""A game of another card file: counted apart in the statistics, and its replay line names the file."""

from __future__ import annotations

from pathlib import Path

from tabletop.agents import RandomAgent
from tabletop.commands.common import variant_namer
from tabletop.loop import Match
from tabletop.registry import Registry
from tabletop.store import Store, start_recording
from tabletop.ui.play import replay_arguments
from tabletop_muses import game

from .test_records import THREE


def test_each_card_set_counts_apart_and_its_replay_line_names_its_file(tmp_path: Path) -> None:
    cards = tmp_path / "three.toml"
    cards.write_text(THREE, encoding="utf-8")
    other = game.resolve_options({"cards": str(cards)})
    assert game.stats_variant(game.resolve_options({})) is None
    assert (game.stats_variant(other) or "").startswith("three.toml (sha256 ")
    with Store.open(tmp_path / "data") as store:
        for seed, options in ((1, {}), (2, other), (3, other)):
            match = Match(game, options=options, seed=seed, agents=[RandomAgent()])
            start_recording(store, match, ["human"], ["You"])
            match.run()
        rows = store.stats(variant_namer(Registry.discover()))
        assert replay_arguments(match) == "--seed 3 --cards three.toml"
    assert sorted((row.variant.split(" ")[0], row.played) for row in rows) == [("", 1), ("three.toml", 2)]
