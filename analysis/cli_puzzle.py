"""``stichfest puzzle``: generate single-solution card-play puzzles.
Wraps :mod:`stichfest.analysis.puzzle` (and :mod:`stichfest.analysis.svg` for ``--svg``)."""
from __future__ import annotations

import json
import os

import click

from stichfest.cards import Card
from stichfest.contracts import CONTRACTS
from stichfest.play import party_total

from .errors import InputError, user_errors
from .puzzle import DEFAULT_TRICKS, GAMES, GOALS, LEVELS, Puzzle, generate
from .render import contract_title, render_pv, sort_hand
from .svg import puzzle_svg

_ALL_CONTRACTS = sorted({c for g in GAMES for c in CONTRACTS[g] if c != "ramsch"})
_ALL_GOALS = sorted({g for goals in GOALS.values() for g in goals})


@click.command()
@click.option("--game", type=click.Choice(GAMES), default="schafkopf", show_default=True)
@click.option("--contract", type=click.Choice(_ALL_CONTRACTS), default=None,
              help="The contract  [default: a random one per puzzle]")
@click.option("--goal", type=click.Choice(_ALL_GOALS), default=None,
              help="schafkopf: 61, 91, tout; scharwenzel: majority, tout; jass: points, match  "
                   "[default: a random one per puzzle]")
@click.option("--tricks", type=int, default=DEFAULT_TRICKS, show_default=True,
              help="Tricks left in the position (the whole hand: 8, Jass 9).")
@click.option("--count", type=click.IntRange(1, 10_000), default=1, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--difficulty", type=click.Choice(LEVELS), default=None,
              help="Keep only puzzles of this measured level.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle and line.")
@click.option("--svg", "svg_dir", default=None, metavar="DIR",
              help="Also write a printable SVG diagram per puzzle into DIR.")
@user_errors
def puzzle(game: str, contract: str | None, goal: str | None, tricks: int, count: int, seed: int,
           difficulty: str | None, as_json: bool, svg_dir: str | None) -> None:
    """Generate puzzles: exactly one card of the player to move reaches the goal.

    Each puzzle is found by the open-hand solver and re-verified card by card
    before it is printed; the same seed gives the same puzzles.  Difficulty
    is measured: failing cards, how wrong the solution looks, how long the
    refutation of the other cards stays hidden, search effort.
    """
    if svg_dir is not None and os.path.exists(svg_dir) and not os.path.isdir(svg_dir):
        raise InputError(f"--svg {svg_dir}: not a directory")
    puzzles = generate(game, contract, tricks=tricks, count=count, seed=seed, difficulty=difficulty,
                       goal=goal)
    if svg_dir is not None:
        try:
            os.makedirs(svg_dir, exist_ok=True)
            for i, p in enumerate(puzzles, 1):
                with open(os.path.join(svg_dir, f"puzzle-{i:03d}.svg"), "w", encoding="utf-8") as f:
                    f.write(puzzle_svg(p, i))
        except OSError as e:
            raise InputError(f"--svg {svg_dir}: {e.strerror}") from None
    for i, p in enumerate(puzzles, 1):
        if as_json:
            click.echo(json.dumps(p.to_json(), ensure_ascii=False))
        else:
            if i > 1:
                click.echo("")
            click.echo(render_puzzle(p, i, len(puzzles)))


def render_puzzle(p: Puzzle, number: int = 1, total: int = 1) -> str:
    """The diagram, the question and the solution for people."""
    pos = p.position
    st = pos.state()
    d = p.difficulty
    lines = [f"Puzzle {number} of {total}: {d.level} (score {d.score:.1f}: {d.failing} failing "
             f"card{'s' if d.failing != 1 else ''}"
             + (f"; looks wrong: {', '.join(d.looks_wrong)}" if d.looks_wrong else "")
             + f"; refutation shows after {d.refutation_depth} trick{'s' if d.refutation_depth != 1 else ''}"
             f"; {d.nodes} nodes)"]
    party = pos.declaring_party
    lines.append(f"{contract_title(pos)}; declarer seat {pos.declarer}")
    for seat in range(pos.n_seats):
        mark = "*" if seat == pos.declarer else ("+" if seat in party else " ")
        now = [c for c in sort_hand(pos, pos.deal[seat]) if st.hands[seat] >> c.index & 1]
        lines.append(f"  seat {seat}{mark} {' '.join(str(c) for c in now)}")
    lines.append("  (* declarer, + declaring side)" if len(party) > 1 else "  (* declarer)")
    if st.history:
        unit = "tricks" if pos.scores_tricks else "points"
        mine = party_total(st, party)
        theirs = party_total(st, frozenset(range(pos.n_seats)) - party)
        lines.append(f"So far ({len(st.history)} tricks played): declaring side {mine} {unit}, "
                     f"the others {theirs}")
    if st.trick:
        shown = ", ".join(f"seat {(st.leader + i) % pos.n_seats} {Card(c, pos.deck)}"
                          for i, c in enumerate(st.trick))
        lines.append(f"On the table: {shown}")
    lines.append(p.question())
    lines.append("")
    lines.append(f"Solution: {p.solution} is the only card that reaches {p.target}.")
    lines.append("  value after each card: "
                 + ", ".join(f"{c}{'*' if c == p.solution else ''} {v}" for c, v in p.moves.items()))
    lines.append("  winning line:")
    lines.extend("    " + t for t in render_pv(pos, list(p.line)))
    return "\n".join(lines)
