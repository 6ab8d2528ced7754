"""The menu's setup screen: a game's opponent, options and seed, before it starts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.markup import escape

from tabletop.agents import HUMAN
from tabletop.commands.setup import Setup, describe_options
from tabletop.game import Game
from tabletop.ui.base import Choice, Prompter

START_KEY, BACK_KEY = "s", "escape"
"""Fixed keys: Start on a setup screen, and Esc, shown on every list's way back."""
OPPONENT_KEY = "o"
"""The Opponent line's key: a letter, as it comes and goes with the player count, so no other line moves."""
TAKEBACKS_KEY = "t"
"""The Take-backs line's key."""
OPTION_LINE = "option:"
"""Begins the value of an option's line, so that a game's option may be called ``rules`` or ``seed`` and still be
told from the screen's own lines."""
TAKEBACKS_WORDS = {True: "yes (each counted in the record)", False: "no (a clean record)"}


class SetupScreen:
    """Where a game is set up: it starts from this session's last setup of the game (kept in ``setups``),
    else from the opponent and options of its latest saved game in ``store``, else from the defaults."""

    def __init__(self, console: Any, prompter: Prompter, store: Any, setups: dict[str, Setup]) -> None:
        self.console = console
        self.prompter = prompter
        self.store = store
        self.setups = setups

    def _starting_setup(self, game: Game[Any]) -> Setup:
        """Where the setup screen starts: this session's last setup of ``game``, else the opponent and
        options of its latest saved game (a new deal), else the defaults."""
        last = self.setups.get(game.info.id)
        if last is not None:
            return last.copy()
        from tabletop.store import StoreError

        try:
            latest = self.store.history(1, game_id=game.info.id) if self.store is not None else []
        except StoreError:
            latest = []
        if latest and HUMAN in latest[0].seats:
            setup = Setup(game, list(latest[0].seats), dict(latest[0].options), takebacks=latest[0].takebacks_allowed)
            try:
                setup.check()  # a level or option the game no longer has, or a card file gone: the defaults
                return setup
            except ValueError:
                pass
        return Setup.default(game)

    def show(self, game: Game[Any]) -> Setup | None:
        """Let the player adjust opponent, options and seed; None to go back."""
        from tabletop.ui.play import show_rules
        from tabletop.ui.terminal import clear_screen

        setup = self._starting_setup(game)
        answer = None  # the cursor comes back to the line just changed
        while True:
            clear_screen(self.console)
            self.console.print(f"[bold]{game.info.name}[/bold]\n{game.info.summary}\n")
            seats = _seats_line(setup)
            self.console.print(
                f"Rules: {describe_options(game, setup.options)}" + (f"\n{seats}" if seats else "") + "\n"
            )
            answer = self.prompter.select("Set up the game:", self._setup_choices(setup), default=answer)
            if answer == "start":
                # The next game keeps opponent and options but deals afresh unless a seed is chosen again.
                self.setups[game.info.id] = replace(setup.copy(), seed=None)
                return setup
            if answer == "back":
                self.setups[game.info.id] = setup
                return None
            if answer == "rules":
                show_rules(self.console, game)
            elif answer == "opponent":
                self._ask_opponent(setup)
            elif answer == "seed":
                self._ask_seed(setup)
            elif answer == "takebacks":
                self._ask_takebacks(setup)
            else:
                self._ask_option(setup, answer.removeprefix(OPTION_LINE))

    def _setup_choices(self, setup: Setup) -> list[Choice]:
        """The setup lines, each with a key of its own whatever lines show (:func:`setup_keys`)."""
        game = setup.game
        keys = setup_keys(game)
        choices = [Choice("Start the game", "start", key=START_KEY)]
        if len(setup.seats) > 1:  # a game for one to four shows it once a second player is chosen
            choices.append(Choice(f"Opponent: {self._opponent_label(setup)}", "opponent", key=OPPONENT_KEY))
        for option in game.info.options:
            value = setup.options.get(option.key, option.default)
            label = f"{option.label}: {option.label_of(value) if value else 'default'}"
            choices.append(Choice(label, OPTION_LINE + option.key, key=keys[OPTION_LINE + option.key]))
        choices.append(Choice(f"Seed: {setup.seed if setup.seed is not None else 'random'}", "seed", key=keys["seed"]))
        choices.append(Choice(f"Take-backs: {TAKEBACKS_WORDS[setup.takebacks]}", "takebacks", key=TAKEBACKS_KEY))
        choices.append(Choice("Read the rules", "rules", key=keys["rules"]))
        choices.append(Choice("Back to the games", "back", back=True, key=BACK_KEY))
        return choices

    def _opponent_label(self, setup: Setup) -> str:
        spec = setup.opponent()
        if spec == HUMAN:
            return "a person at this keyboard (hot-seat)"
        return f"computer, {setup.game.agent_labels().get(spec, spec)}"

    def _ask_opponent(self, setup: Setup) -> None:
        game = setup.game
        labels = game.agent_labels()
        current = setup.opponent()  # Esc keeps it
        choices = [
            Choice(f"Computer: {labels.get(level, level)}", level, back=level == current) for level in game.agents()
        ]
        choices.append(Choice("A person at this keyboard (hot-seat)", HUMAN, back=current == HUMAN))
        spec = self.prompter.select("Who is the opponent?", choices, default=setup.opponent())
        setup.rival = spec
        setup.seats = [HUMAN] + [spec] * (len(setup.seats) - 1)

    def _ask_takebacks(self, setup: Setup) -> None:
        choices = [
            Choice(f"Yes: {TAKEBACKS_WORDS[True]}", True, back=setup.takebacks),
            Choice(f"No: {TAKEBACKS_WORDS[False]}", False, back=not setup.takebacks),
        ]
        question = "Take back a move after seeing a card or roll it led to (u at your move)?"
        setup.takebacks = bool(self.prompter.select(question, choices, default=setup.takebacks))

    def _ask_seed(self, setup: Setup) -> None:
        from tabletop.rng import parse_seed

        def valid(text: str) -> bool | str:
            if not text.strip():
                return True
            try:
                parse_seed(text)
            except ValueError as exc:
                return str(exc)
            return True

        current = "" if setup.seed is None else str(setup.seed)
        text = self.prompter.text("Seed (empty for a random deal):", default=current, validate=valid)
        setup.seed = parse_seed(text) if text.strip() else None

    def _ask_option(self, setup: Setup, key: str) -> None:
        option = setup.game.info.option(key)
        if option.help:
            self.console.print(option.help)
        if option.free_text:
            value = setup.options.get(key, option.default)
            # A value shown by other words (a card file's contents, by its name and digest) is not
            # typed over in place: it is named, and an empty answer keeps it.
            kept = value if option.label_of(value) != value else option.default
            if kept != option.default:
                self.console.print(f"Now: {escape(option.label_of(value))}")

            def resolved(text: str) -> dict[str, str]:
                return setup.game.resolve_options({**setup.options, key: text.strip() or kept})

            def valid(text: str) -> bool | str:
                try:
                    resolved(text)
                except ValueError as exc:  # said under the prompt, which keeps the text to mend
                    # The path as typed, its start cut if long: the message stays on the prompt's one line.
                    typed = text.strip()
                    return str(exc).replace(typed, _cut_left(typed)) if typed else str(exc)
                return True

            if kept != option.default:
                question, prefill = f"{option.label} (empty to keep it, {option.default!r} for the default):", ""
            else:
                question, prefill = f"{option.label} (empty for the default):", "" if value == option.default else value
            text = self.prompter.text(question, default=prefill, validate=valid)
            setup.options = resolved(text)
            setup.fit_seats()
            return
        current = setup.options.get(key, option.default)
        choices = [Choice(option.label_of(value), value, back=value == current) for value in option.choices]
        setup.options[key] = self.prompter.select(f"{option.label}:", choices, default=current)
        setup.fit_seats()  # a player count that rose seats the opponent shown, one that fell drops seats


def setup_keys(game: Game[Any]) -> dict[str, str]:
    """The key of each line of ``game``'s setup screen that is always there: its options in order, then the
    seed and the rules, numbered from 1 (then letters, past Start's and Opponent's). They depend on the game
    alone, so a line keeps its key when the Opponent line comes or goes.

    >>> from tabletop.game import GameInfo, whole_number
    >>> class Dice:
    ...     info = GameInfo("dice", "Dice", "Roll them", 4, 10, fewest_players=1, options=(whole_number("sides", "Sides", 4, 8, default=6),))
    >>> setup_keys(Dice())
    {'option:players': '1', 'option:sides': '2', 'seed': '3', 'rules': '4'}
    """
    from tabletop.ui.entries import AUTO_KEYS

    spare = [key for key in AUTO_KEYS if key not in (START_KEY, OPPONENT_KEY, TAKEBACKS_KEY)]
    lines = [OPTION_LINE + option.key for option in game.info.options] + ["seed", "rules"]
    return dict(zip(lines, spare, strict=False))


TYPED_ROOM = 40
"""Characters of a typed path a refusal under the prompt repeats; a longer one keeps its end."""


def _cut_left(typed: str) -> str:
    """A typed path kept whole if short, else its last part after "…" (where the mistake usually is).

    >>> _cut_left("cards/my.toml"), _cut_left("/a/very/long/folder/name/that/goes/on/and/on/cards.toml")
    ('cards/my.toml', '…der/name/that/goes/on/and/on/cards.toml')
    """
    return typed if len(typed) <= TYPED_ROOM else "…" + typed[-(TYPED_ROOM - 1) :]


def _seats_line(setup: Setup) -> str:
    """Which seat is whose: "Seats: you are North; the computer is South." (empty for a solo game)."""
    seats = setup.game.info.seat_names[: len(setup.seats)]
    if len(seats) < 2:
        return ""
    if all(spec == HUMAN for spec in setup.seats):
        return f"Seats: {_listed(seats)} share this keyboard."
    return f"Seats: you are {seats[0]}; the computer {'is' if len(seats) == 2 else 'plays'} {_listed(seats[1:])}."


def _listed(names: Sequence[str]) -> str:
    """Names as a sentence lists them.

    >>> _listed(["North"]), _listed(["North", "South"]), _listed(["P1", "P2", "P3"])
    ('North', 'North and South', 'P1, P2 and P3')
    """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
