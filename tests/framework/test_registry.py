"""The plugin registry: lazy listing, duplicate ids refused, broken plugins reported and skipped."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.commands.common import UsageError
from tabletop.commands.session import load_game
from tabletop.game import Game
from tabletop.registry import GameLoadError, Registry, UnknownGameError
from tabletop.testing.plugins import write_dist_info

GROUP = "tabletop.games"


def fake_plugin(root: Path, dist: str, entries: dict[str, str], modules: dict[str, str] | None = None) -> None:
    """Install a fake distribution ``dist`` in ``root``: a dist-info folder and its modules' source."""
    write_dist_info(root, dist, "1.0", {GROUP: entries})
    for name, source in (modules or {}).items():
        (root / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path for this test only; modules imported from it are forgotten afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path))
    before = set(sys.modules)
    yield tmp_path
    for name in set(sys.modules) - before:
        if getattr(sys.modules[name], "__file__", "") and str(tmp_path) in str(sys.modules[name].__file__):
            del sys.modules[name]


def test_builtin_games_are_listed_without_importing_them() -> None:
    script = (
        "import json, sys\n"
        "from tabletop.registry import Registry\n"
        "registry = Registry.discover()\n"
        "print(json.dumps({'ids': registry.ids(), 'sources': [registry.source(i) for i in registry.ids()],\n"
        "                  'imported': sorted(m for m in sys.modules if m.startswith(('tabletop_muster', 'tabletop_muses')))}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60)
    found = json.loads(done.stdout)
    assert {"muster", "muses"} <= set(found["ids"])
    # Each built-in game is a distribution of its own, found through the entry point as any plugin is.
    assert "tabletop-muster (tabletop_muster:game)" in found["sources"]
    assert "tabletop-muses (tabletop_muses:game)" in found["sources"]
    assert found["imported"] == []


def test_no_import_package_named_games_is_installed() -> None:
    import importlib.metadata

    top_levels = set()
    for dist in importlib.metadata.distributions():
        if dist.metadata["Name"].startswith("tabletop"):
            top_levels |= {f.parts[0] for f in dist.files or [] if f.suffix == ".py" or len(f.parts) > 1}
    found = subprocess.run([sys.executable, "-c", "import games"], capture_output=True, text=True, cwd="/", timeout=60)
    assert found.returncode != 0 and "No module named 'games'" in found.stderr
    assert "games" not in top_levels


def test_plugin_modules_load_only_when_asked(site: Path, example_plugin_path: Path) -> None:
    fake_plugin(
        site,
        "tabletop-lazy",
        {"lazyone": "tabletop_test_lazy:game"},
        {
            "tabletop_test_lazy": "from dataclasses import replace\n"
            "from tabletop_highcard.game import HighCard\n"
            "class Lazy(HighCard):\n"
            "    info = replace(HighCard.info, id='lazyone')\n"
            "game = Lazy()\n"
        },
    )
    registry = Registry.discover()
    assert "lazyone" in registry.ids()
    assert "tabletop_test_lazy" not in sys.modules
    assert registry.get("lazyone").info.id == "lazyone"
    assert "tabletop_test_lazy" in sys.modules
    assert registry.get("lazyone") is registry.get("lazyone")


def test_duplicate_ids_are_refused_with_a_clear_message(site: Path) -> None:
    fake_plugin(site, "plugin-alpha", {"twin": "alpha_twin:game", "solo": "alpha_solo:game"})
    fake_plugin(site, "plugin-beta", {"twin": "beta_twin:game"})
    registry = Registry.discover()
    assert "twin" not in registry.ids()
    assert "solo" in registry.ids()  # the other game of the same plugin is unaffected
    [problem] = [p for p in registry.problems if p.id == "twin"]
    assert "two plugins claim the game id 'twin'" in problem.message
    assert "plugin-alpha (alpha_twin:game)" in problem.message and "plugin-beta (beta_twin:game)" in problem.message
    assert "neither is loaded" in problem.message
    with pytest.raises(UnknownGameError):
        registry.get("twin")


def test_a_plugin_that_fails_to_import_is_reported_and_skipped(site: Path, example_plugin_path: Path) -> None:
    fake_plugin(
        site,
        "plugin-boom",
        {"boom": "tabletop_test_boom:game"},
        {"tabletop_test_boom": "raise RuntimeError('the plugin is broken')\n"},
    )
    registry = Registry.discover()
    assert "boom" in registry.ids()  # listing does not import, so it cannot fail yet
    games = registry.load_all()
    assert "highcard" in [g.info.id for g in games]
    assert "boom" not in [g.info.id for g in games] and "boom" not in registry.ids()
    [problem] = [p for p in registry.problems if p.id == "boom"]
    assert problem.source == "plugin-boom (tabletop_test_boom:game)"
    assert "failed to load: RuntimeError: the plugin is broken" in problem.message
    with pytest.raises(UnknownGameError, match="no game called 'boom'"):
        registry.get("boom")


def test_get_reports_a_broken_plugin_with_its_reason(site: Path) -> None:
    fake_plugin(
        site,
        "plugin-bad",
        {"notagame": "tabletop_test_bad:thing", "missing": "tabletop_test_bad:nothing"},
        {"tabletop_test_bad": "thing = 42\n"},
    )
    registry = Registry.discover()
    with pytest.raises(GameLoadError, match="is not a tabletop Game"):
        registry.get("notagame")
    with pytest.raises(GameLoadError, match="failed to load: AttributeError"):
        registry.get("missing")
    assert {p.id for p in registry.problems} >= {"notagame", "missing"}


def test_a_game_must_call_itself_by_its_entry_point_name(site: Path, example_plugin_path: Path) -> None:
    fake_plugin(site, "plugin-alias", {"alias": "tabletop_highcard:game"})
    registry = Registry.discover()
    with pytest.raises(GameLoadError, match="registered as 'alias' but calls itself 'highcard'"):
        registry.get("alias")
    # The command line passes the message on whole, quotes and all.
    with pytest.raises(UsageError) as caught:
        load_game("alias")
    assert str(caught.value).endswith("registered as 'alias' but calls itself 'highcard'")


def test_an_entry_point_may_name_a_factory(site: Path, example_plugin_path: Path) -> None:
    fake_plugin(
        site,
        "plugin-factory",
        {"made": "tabletop_test_factory:make"},
        {
            "tabletop_test_factory": "from dataclasses import replace\n"
            "from tabletop_highcard.game import HighCard\n"
            "class Made(HighCard):\n"
            "    info = replace(HighCard.info, id='made')\n"
            "def make():\n"
            "    return Made()\n"
        },
    )
    game = Registry.discover().get("made")
    assert isinstance(game, Game) and game.info.id == "made"


def test_unknown_game_lists_the_installed_ones(example_plugin_path: Path) -> None:
    with pytest.raises(UnknownGameError, match=r"no game called 'chess' \(games: .*highcard"):
        Registry.discover().get("chess")
