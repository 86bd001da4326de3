"""``stichfest tout``: is a Tout (or a points target) guaranteed, and how
often is it made double dummy?  Wraps :mod:`stichfest.analysis.tout`."""
from __future__ import annotations

import json

import click

from stichfest import Position
from stichfest.analysis.errors import InputError
from stichfest.analysis.executor import ProgressBar, Stopped
from stichfest.analysis.tout import (
    DEFAULT_MAX_NODES,
    STANDARD_LINE,
    DDShare,
    Guarantee,
    dd_share,
    guarantee,
    hand_position,
)
from stichfest.contracts import NEEDS_TRUMP, TOUT_CONTRACTS

from ._io import refuse_unused, run_stoppable, user_errors
from .text import render_guarantee, render_partial


@click.command()
@click.option("--contract", required=True, type=click.Choice(TOUT_CONTRACTS),
              help="The Schafkopf contract (the declarer plays alone).")
@click.option("--hand", required=True, help='The declarer\'s cards, e.g. "EU GU HU EA E10 EK GA G10" '
              "(6 cards: short deck).")
@click.option("--players", type=click.IntRange(3, 4), default=4, show_default=True,
              help="4, or 3 for Schafkopf for three (24 cards, 8 each, two defenders).")
@click.option("--seat", type=click.IntRange(0, 3), default=0, show_default=True,
              help="The declarer's seat.")
@click.option("--leader", type=click.IntRange(0, 3), default=None,
              help="The seat that leads the first trick  [default: the declarer]")
@click.option("--trump", default=None, help="Trump suit (E, G, H, S) for solo, farbwenz, farbgeier.")
@click.option("--target", type=int, default=None,
              help="Ask about card points instead of the Tout: 61 to win, 91 for Schneider.")
@click.option("--samples", type=click.IntRange(0, 1_000_000), default=0, show_default=True,
              help="Also solve this many sampled deals double dummy.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled deals.")
@click.option("--max-nodes", type=click.IntRange(1), default=DEFAULT_MAX_NODES, show_default=True,
              help="Give up (exit 2) after searching this many positions (cards played; "
                   "about 100,000 a second).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@user_errors
def tout(contract: str, hand: str, players: int, seat: int, leader: int | None, trump: str | None,
         target: int | None, samples: int, seed: int, max_nodes: int, as_json: bool) -> None:
    """Is a Tout (or --target points) guaranteed from the declarer's hand alone?

    "Guaranteed" is exact: one way of playing, each card chosen from what the
    declarer has seen, wins every trick (reaches the target) against every
    distribution of the other cards and every defence.  With --samples it also
    reports the share of sampled deals in which the open-hand (double-dummy)
    solver makes it, which is never below the guaranteed answer.
    """
    if not samples:
        refuse_unused(click.get_current_context(), {"seed": "--seed"}, "seeds the sampled deals; give --samples too")
    needs = ("schafkopf", contract) in NEEDS_TRUMP
    if needs and trump is None:
        raise InputError(f"--contract {contract} needs --trump (E, G, H or S)")
    if not needs and trump is not None:
        raise InputError(f"--contract {contract} takes no --trump")
    for flag, value in (("--seat", seat), ("--leader", leader)):
        if value is not None and value >= players:
            raise InputError(f"{flag} {value}: the seats are 0..{players - 1} with {players} players")
    pos = hand_position(contract, hand, seat, seat if leader is None else leader,
                        trump=trump, tout=target is None, players=players)
    result = guarantee(pos, target, max_nodes=max_nodes)
    progress = ProgressBar("tout: double-dummy deals", samples, unit="deals")

    def share() -> DDShare | None:
        try:
            return dd_share(pos, target, samples, seed, progress=progress) if samples else None
        finally:
            progress.close()

    run_stoppable(share, lambda share, stop: _show(pos, result, share, stop, as_json))


def _show(pos: Position, result: Guarantee, share: DDShare | None, stop: Stopped | None, as_json: bool) -> None:
    if as_json:
        out = result.to_json()
        out["position"] = pos.to_json()
        if "plan" in out:
            out["standard_line"] = STANDARD_LINE
        elif result.guaranteed:
            out["plan_omitted"] = "too large for --max-nodes"
        if share is not None:
            out["dd_share"] = share.share
            out["dd_interval"] = list(share.interval)
            out["samples"] = share.samples
        out["interrupted"] = stop is not None
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    if stop is not None:
        click.echo(render_partial(stop))
    click.echo(render_guarantee(result, share))
