"""How many seeded Klondike deals can be won with every card known ("thoughtful" Klondike), passes unlimited.

    nice .venv/bin/python bench/klondike_winnability.py DRAW [GAMES] [LIMIT] [FIRST]

Deal ``n`` is the one ``tabletop play klondike --seed n`` gives (FIRST, default 1, to FIRST + GAMES - 1,
default 1,000 deals), solved as ``tabletop klondike solve n --draw DRAW --limit LIMIT`` solves it (default
limit the command's own, 1,000,000 positions). A line per deal is printed as it is settled, with its processor time; then the deals
won, proven lost and left unknown, the winnable share with its 95% interval (Wilson) counting the unknown
deals as lost and as won, and the processor and wall time. Runs over parts of a range, side by side, add up
line by line.

Blake & Gent (arXiv:1906.12314) give 81.945% ± 0.084% for draw 3 with unlimited passes; lonelybot
(github.com/vuonghy2442/lonelybot) 81.96% ± 0.05%.

>>> [round(x, 3) for x in share(82, 100)]
[0.82, 0.733, 0.883]
"""

from __future__ import annotations

import sys
import time


def share(wins: int, total: int) -> tuple[float, float, float]:
    """The share ``wins / total`` and its 95% Wilson interval (the one ``tabletop simulate`` gives)."""
    from tabletop.commands.simulate import wilson

    return (wins / total, *wilson(wins, total)) if total else (0.0, 0.0, 1.0)


def main(argv: list[str]) -> int:
    from tabletop_klondike.command import SOLVE_LIMIT, settle_deal

    draw = int(argv[0]) if argv else 3
    games = int(argv[1]) if len(argv) > 1 else 1000
    limit = int(argv[2]) if len(argv) > 2 else SOLVE_LIMIT
    first = int(argv[3]) if len(argv) > 3 else 1
    start_wall, start_cpu = time.monotonic(), time.process_time()
    counts = {"won": 0, "lost": 0, "unknown": 0}
    for seed in range(first, first + games):
        deal_cpu = time.process_time()
        result = settle_deal(seed, draw, limit)
        verdict = "won" if result.solved else "lost" if result.exhausted else "unknown"
        counts[verdict] += 1
        spent = time.process_time() - deal_cpu
        print(f"seed {seed}: {verdict}, {result.expanded} positions, {spent:.2f} s", flush=True)
    won, lost, unknown = counts["won"], counts["lost"], counts["unknown"]
    low = share(won, games)
    high = share(won + unknown, games)
    print(f"draw {draw}, limit {limit:,}: {won} won, {lost} lost, {unknown} unknown ({unknown / games:.1%}) of {games}")
    print(f"winnable: {low[0]:.1%} (95% {low[1]:.1%}-{low[2]:.1%}) counting the unknown as lost, ", end="")
    print(f"{high[0]:.1%} (95% {high[1]:.1%}-{high[2]:.1%}) as won")
    cpu, wall = time.process_time() - start_cpu, time.monotonic() - start_wall
    print(f"processor time {cpu:.0f} s ({cpu / games:.2f} s a deal), wall time {wall:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
