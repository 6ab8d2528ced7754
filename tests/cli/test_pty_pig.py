"""The Pig example in the real program: in the menu, saved when left, resumed, played out and replayed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tabletop.testing.plugins import dist_info_from_pyproject
from tests.cli.pty_helpers import DOWN, ENTER, POINTER, play_first_choices, select, spawn

pytestmark = pytest.mark.pty

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pig"
RESULT = r"(Ann|Bob) wins, (\d+) to (\d+)\."


@pytest.fixture(scope="module")
def pig_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder for PYTHONPATH holding Pig as pip would install it."""
    site = tmp_path_factory.mktemp("pig-site")
    (site / "tabletop_pig").symlink_to(EXAMPLE / "tabletop_pig", target_is_directory=True)
    dist_info_from_pyproject(EXAMPLE / "pyproject.toml", site)
    yield site


def _finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus if child.exitstatus is not None else -child.signalstatus)


def test_pig_from_the_menu_saved_resumed_and_replayed(pig_site: Path, tmp_path: Path) -> None:
    child = spawn([], pythonpath=str(pig_site), data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "Pig: Roll one die")
    child.expect("Set up the game")
    select(child, "Start the game")
    child.expect(r"Ann \(you\): \d+ +Bob: \d+")
    child.expect("Your move:")
    child.expect(POINTER)  # the list is drawn: the prompt has the terminal
    child.sendintr()  # leave mid-game: it is kept
    assert _finish(child) == 130

    child = spawn([], pythonpath=str(pig_site), data_dir=tmp_path)
    child.expect("What would you like to play")
    select(child, "Continue Pig")
    before = play_first_choices(child, RESULT)  # the first choice is always Hold
    assert "Bob rolls" in before  # the computer's last turn, in the log under the board
    winner, high, low = child.match.group(1), int(child.match.group(2)), int(child.match.group(3))
    assert high >= 100 > low
    child.expect("Press any key")
    child.send(ENTER)
    child.expect("What would you like to play")  # a game continued from the menu goes back to it
    select(child, "History and replays")
    child.expect("Replay which game")
    child.expect(rf"#1 Pig v Computer \(Steady\), [-0-9: ]+: {winner}")
    child.send(DOWN)  # redraw the list for select()
    select(child, "#1 Pig")
    select(child, "Replay it")  # a finished game: replay it, or export it
    child.expect("after action 0 of")
    child.expect("Esc quit")
    child.send("e" + ENTER)
    ann, bob = (high, low) if winner == "Ann" else (low, high)
    child.expect(rf"Ann(?: \(you\))?: {ann} +Bob: {bob}")  # the board of the game's end, as it was played
    child.expect("End of the game")
    child.expect("Esc quit")
    child.send("q" + ENTER)
    child.expect("Replay which game")
    child.sendintr()
    assert _finish(child) == 130
