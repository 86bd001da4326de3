"""``stichfest puzzle``: generate single-solution card-play puzzles.
Wraps :mod:`stichfest.analysis.puzzle` (and :mod:`stichfest.analysis.svg` for ``--svg``)."""
from __future__ import annotations

import json
import os
import re

import click

from stichfest.analysis.errors import InputError
from stichfest.analysis.executor import signals_deferred
from stichfest.analysis.puzzle import DEFAULT_TRICKS, GOALS, LEVELS, Puzzle, generate
from stichfest.analysis.svg import puzzle_svg
from stichfest.contracts import CONTRACTS, GAMES

from ._io import user_errors
from .text import render_puzzle

_ALL_CONTRACTS = sorted({c for g in GAMES for c in CONTRACTS[g] if c != "ramsch"})
_ALL_GOALS = sorted({g for goals in GOALS.values() for g in goals})
_SVG_NAME = re.compile(r"puzzle-(\d+)\.svg")


@click.command()
@click.option("--game", type=click.Choice(GAMES), default="schafkopf", show_default=True)
@click.option("--players", type=int, default=4, show_default=True,
              help="Players dealt: 3 for Schafkopf for three (24 cards, 8 each); Scharwenzel 4, 6 or 8.")
@click.option("--contract", type=click.Choice(_ALL_CONTRACTS), default=None,
              help="The contract  [default: a random one per puzzle]")
@click.option("--goal", type=click.Choice(_ALL_GOALS), default=None,
              help="schafkopf: 61, 91, tout; scharwenzel: majority, tout; jass: points, match  "
                   "[default: a random one per puzzle]")
@click.option("--tricks", type=int, default=DEFAULT_TRICKS, show_default=True,
              help="Tricks left in the position, from 2 to the whole hand (Schafkopf 8, Jass 9, Scharwenzel 8, 6 "
                   "or 4 by the players).")
@click.option("--count", type=click.IntRange(1, 10_000), default=1, show_default=True,
              help="How many puzzles to find.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the random deals: the same seed finds the same puzzles.")
@click.option("--difficulty", type=click.Choice(LEVELS), default=None,
              help="Keep only puzzles of this measured level.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle and line.")
@click.option("--svg", "svg_dir", default=None, metavar="DIR",
              help="Also write a printable SVG diagram per puzzle into DIR, as puzzle-001.svg, ...; "
                   "DIR is made if missing; files already there are kept: numbering goes on after the highest.")
@user_errors
def puzzle(game: str, players: int, contract: str | None, goal: str | None, tricks: int, count: int, seed: int,
           difficulty: str | None, as_json: bool, svg_dir: str | None) -> None:
    """Generate puzzles: exactly one card of the player to move reaches the goal.

    Each puzzle is found by the open-hand solver and re-verified card by card,
    then printed at once; the same seed gives the same puzzles.  Difficulty
    is measured: failing cards, how wrong the solution looks, how long the
    refutation of the other cards stays hidden, search effort.
    """
    if svg_dir is not None and not svg_dir.strip():
        raise InputError("--svg needs a directory name")
    if svg_dir is not None and os.path.exists(svg_dir) and not os.path.isdir(svg_dir):
        raise InputError(f"--svg {svg_dir}: not a directory")
    first_file = _next_svg_number(svg_dir) if svg_dir is not None else 1
    if svg_dir is not None:
        try:
            os.makedirs(svg_dir, exist_ok=True)
        except OSError as e:
            raise InputError(f"--svg {svg_dir}: {e.strerror}") from None
    found = 0

    def show(p: Puzzle) -> None:  # each puzzle as soon as it is found
        nonlocal found
        found += 1
        if svg_dir is not None:
            number = first_file + found - 1
            try:
                with open(os.path.join(svg_dir, f"puzzle-{number:03d}.svg"), "x", encoding="utf-8") as f:
                    f.write(puzzle_svg(p, number))
            except OSError as e:
                raise InputError(f"--svg {svg_dir}: {e.strerror}") from None
        with signals_deferred():  # a puzzle is printed whole, or not at all
            if as_json:
                click.echo(json.dumps(p.to_json(), ensure_ascii=False))
            else:
                if found > 1:
                    click.echo("")
                click.echo(render_puzzle(p, found, count))

    generate(game, contract, tricks=tricks, count=count, seed=seed, difficulty=difficulty, goal=goal,
             players=players, on_puzzle=show)


def _next_svg_number(svg_dir: str) -> int:
    """One past the highest ``puzzle-NNN.svg`` in ``svg_dir`` (1 when none): a
    later run numbers on and never overwrites an earlier run's diagrams."""
    try:
        names = os.listdir(svg_dir)
    except OSError:
        return 1
    numbers = [int(m.group(1)) for m in map(_SVG_NAME.fullmatch, names) if m]
    return max(numbers, default=0) + 1
