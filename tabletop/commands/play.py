"""``tabletop play GAME [options]``: straight into a game, skipping the menu."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from tabletop.game import Game, WholeNumber

if TYPE_CHECKING:
    from tabletop.commands.setup import Setup


def add_arguments(parser: argparse.ArgumentParser, command: str = "play", more: str = "") -> None:
    """Declare the game id and, after it, the game's own options (and ``more`` of the command's) on the
    sub-command's parser."""
    parser.add_argument("game", help="the game id (see `tabletop list`)")
    parser.add_argument(
        "rest",
        nargs=argparse.REMAINDER,
        help=f"the game's options{more}; `tabletop {command} GAME --help` lists them",
    )


def game_parser(game: Game[Any], *, hosted: bool = False) -> argparse.ArgumentParser:
    """The options of one game as command-line flags: for ``tabletop play``, or (``hosted``) ``tabletop host``,
    where a person's seat is played from another terminal and nothing is taken back."""
    info = game.info
    from tabletop.commands.common import Parser

    parser = Parser(prog=f"tabletop {'host' if hosted else 'play'} {info.id}", description=info.summary)
    levels = list(game.agents())
    person = "a person at another terminal" if hosted else "a person at this keyboard"
    if info.players > 1:
        parser.add_argument(
            "--opponent",
            choices=["human", *levels],
            help=f"who plays the other seat: 'human' for {person} (default: %(default)s)",
            default="human" if hosted else game.default_agent() or "human",
        )
    if len(info.player_counts) > 1:
        parser.add_argument(
            "--seats",
            type=_seats(["human", *levels]),
            metavar="WHO,WHO",
            help=f"who plays each seat after yours, in order: 'human' ({person}) or a computer "
            f"level ({', '.join(levels)}); as many as the other players, e.g. human,optimal",
        )
    if not hosted:  # a hosted game is dealt fresh: the host knowing the deal would know the other hand
        parser.add_argument("--seed", type=_seed, help="replay a deal: the seed a finished game shows")
        _moves_and_takebacks(parser)
    _game_options(parser, game)
    return parser


def _moves_and_takebacks(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--moves",
        metavar="FILE",
        help="play these moves first (the game's notation, one a line or several a line; - for standard input), "
        "then go on from there; without a terminal, say where they lead",
    )
    parser.add_argument(
        "--takebacks",
        choices=["yes", "no"],
        default="yes",
        help="whether `u` may take a move back after a card or roll it led to was seen (each counted in the "
        "record; no: a clean record) (default: %(default)s)",
    )


def _game_options(parser: argparse.ArgumentParser, game: Game[Any]) -> None:
    for option in game.info.options:
        flag = "--" + option.key.replace("_", "-")
        if option.is_flag:
            # A bare flag turns it on; "--flag off" and "--flag on" say it outright.
            parser.add_argument(
                flag,
                nargs="?",
                const="on",
                choices=option.choices,
                dest=option.key,
                metavar="on|off",
                help=option.help or option.label,
            )
        elif isinstance(option, WholeNumber):
            # The number is checked with the other options, so a wrong one is refused in the same plain words.
            about = f"{option.help or option.label} ({option.low} to {option.high}, default: {option.default})"
            parser.add_argument(flag, dest=option.key, metavar="N", help=about)
        elif option.free_text:
            parser.add_argument(flag, dest=option.key, metavar=option.key.upper(), help=option.help or option.label)
        else:
            parser.add_argument(
                flag,
                dest=option.key,
                choices=option.choices,
                help=f"{option.help or option.label} (default: {option.default})",
            )


def _seats(choices: list[str]) -> Any:
    """The type of ``--seats``: a comma-separated list of seat specs, each one of ``choices``.

    >>> _seats(["human", "optimal"])("human, optimal")
    ['human', 'optimal']
    """

    def parse(text: str) -> list[str]:
        seats = [spec.strip() for spec in text.split(",")]
        wrong = [spec for spec in seats if spec not in choices]
        if wrong:
            raise argparse.ArgumentTypeError(f"no player {wrong[0]!r} (choose from {', '.join(choices)})")
        return seats

    return parse


def _seat_the_others(setup: Setup, seats: list[str] | None) -> None:
    """Seat ``--seats`` after the person's seat; ValueError unless they are as many as the other players."""
    if seats is None:
        return
    players = setup.game.info.seat_count(setup.game.resolve_options(setup.options))
    if len(seats) != players - 1:
        raise ValueError(
            f"--seats names {len(seats)} seat(s) after yours, but {players} player(s) leave {players - 1}: "
            f"give --players {len(seats) + 1} with it"
        )
    setup.seats = [setup.seats[0], *seats]


def _seed(text: str) -> int:
    from tabletop.rng import parse_seed

    try:
        return parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    """Play the game ``args.game`` at the terminal with the options given; return the exit status."""
    from tabletop.commands.session import load_game, run_interactive

    game = load_game(args.game)
    parsed = game_parser(game).parse_args(args.rest)
    setup = setup_from(game, parsed)
    if parsed.moves is not None:
        return _with_moves(setup, parsed.moves, args.data_dir)
    return run_interactive(setup, data_dir=args.data_dir)


def setup_from(game: Game[Any], parsed: argparse.Namespace) -> Setup:
    """The setup :func:`game_parser`'s arguments describe, checked (UsageError for one the game refuses)."""
    from tabletop.commands.common import UsageError
    from tabletop.commands.setup import Setup

    setup = Setup.default(game, getattr(parsed, "opponent", None))  # "human" fills every seat with people
    setup.seed = getattr(parsed, "seed", None)
    setup.takebacks = getattr(parsed, "takebacks", "no") == "yes"
    for option in game.info.options:
        value = getattr(parsed, option.key, None)
        if value is not None:
            setup.options[option.key] = value
    opponent = getattr(parsed, "opponent", None)
    if opponent is not None and len(game.info.player_counts) > 1:
        # Every seat --players adds is the --opponent named (check() keeps as many seats as the count says).
        setup.seats = [setup.seats[0]] + [opponent] * (game.info.players - 1)
    try:
        _seat_the_others(setup, getattr(parsed, "seats", None))
        setup.check()
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return setup


def _with_moves(setup: Setup, source: str, data_dir: str | None) -> int:
    """``--moves``: at a terminal, a new game with the moves played, then the player's; without one (or with
    the moves on standard input), where the moves lead, saving nothing."""
    import sys

    from tabletop.commands.common import CommandFailure, make_console, report
    from tabletop.commands.moves import check_moves, move_words, read_moves_text, reads_as_move
    from tabletop.commands.session import run_interactive

    try:
        text = read_moves_text(source)
    except CommandFailure as failure:
        return report(failure)
    if source != "-" and sys.stdin.isatty() and sys.stdout.isatty():
        return run_interactive(setup, data_dir=data_dir, moves=(text, source))
    match = setup.make_match()
    return check_moves(match, move_words(text, reads_as_move(match)), source, make_console())
