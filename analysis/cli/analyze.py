"""``stichfest analyze``: Monte Carlo hand analysis.

Before play (``--hand``): every contract the hand may announce, over the
same sampled deals, ranked by expected payout (:func:`evaluate_hand`);
with ``--declarer``, another seat's contract seen from the viewer's, with
Kontra (:func:`evaluate_defence`).
During play (a position file with hidden hands ``"?"``): the value of the
position and of each legal card (:func:`analyze_position`).
"""
from __future__ import annotations

import json

import click

from stichfest import Position
from stichfest.analysis.announce import load_announce_rule, parse_seats
from stichfest.analysis.defence import DefenceAnalysis, evaluate_defence
from stichfest.analysis.errors import InputError
from stichfest.analysis.evaluate import POINTS_SAMPLES, HandAnalysis, evaluate_hand
from stichfest.analysis.executor import ProgressBar, Stopped, available_cores, open_executor
from stichfest.analysis.midgame import PositionAnalysis, analyze_position
from stichfest.analysis.ranking import parse_outbid, parse_ranking
from stichfest.analysis.sampling import Constraints
from stichfest.analysis.scoring import load_tariff
from stichfest.analysis.single_dummy import (
    BUDGET_SAMPLES,
    MAX_WORLDS,
    MODELS,
    PLAY_MODES,
    TOP_CONTRACTS,
    WORLDS,
    default_play,
)
from stichfest.contracts import GAMES

from ._io import parse_settings, read_text, refuse_unused, run_stoppable, user_errors
from .text import render_defence, render_hand_analysis, render_partial, render_position_analysis

#: Options that only make sense before play, with their flag names.
_BEFORE_PLAY_ONLY = {"hand": "--hand", "seat": "--seat", "leader": "--leader", "game": "--game",
                     "players": "--players",
                     "contracts": "--contracts", "tariff": "--tariff", "tariff_set": "--tariff-set",
                     "rule": "--rule", "no_race": "--no-race", "no_points": "--no-points",
                     "points_samples": "--points-samples", "plot": "--plot",
                     "passed": "--passed", "announce_rule": "--announce-rule", "declarer": "--declarer",
                     "contract": "--contract", "outbid": "--outbid", "ranking": "--ranking"}


@click.command()
@click.argument("position", required=False, metavar="[POSITION.json]")
@click.option("--game", type=click.Choice(GAMES), default="schafkopf", show_default=True)
@click.option("--hand", help='The viewer\'s cards, e.g. "EO GO EU GU HA H10 EA G7".')
@click.option("--players", type=int, default=None,
              help="Players dealt, where the hand leaves it open: 3 for Schafkopf for three "
                   "(24 cards, 8 each)  [default: 4]")
@click.option("--seat", type=int, default=0, show_default=True,
              help="The viewer's seat; he announces (unless --declarer).")
@click.option("--leader", type=int, default=0, show_default=True, help="The seat that leads the first trick.")
@click.option("--samples", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Sampled deals (every contract in contention gets all of them; at most 1,000,000).")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same numbers.")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Worker processes (default: all cores).")
@click.option("--contracts", metavar="IDS",
              help="Only these contracts: ids or prefixes, comma-separated (solo, solo-H, tout, sauspiel-G).")
@click.option("--seat-has", multiple=True, metavar="SEAT:CARDS",
              help="Cards known to be in a seat, e.g. 2:EO or 2:EO,HA (repeatable).")
@click.option("--void", multiple=True, metavar="SEAT:SUITS",
              help="Suits a seat holds no (unseen) card of, by suit letter, e.g. 1:H or 1:EG (repeatable): "
                   "every card printed with the letter, trumps among them (the deals serve every contract).")
@click.option("--tariff", type=click.Path(dir_okay=False), metavar="FILE.toml",
              help="Tariff keys in a TOML file (defaults: docs/rules.md, section Tariff keys).")
@click.option("--tariff-set", multiple=True, metavar="KEY=VALUE",
              help="One tariff key, e.g. solo=60 (repeatable; after --tariff).")
@click.option("--rule", multiple=True, metavar="KEY=VALUE",
              help="A rule variant, e.g. davonlaufen_min=3 (repeatable).")
@click.option("--no-race", is_flag=True, help="Give every contract all samples (no early stopping).")
@click.option("--no-points", is_flag=True,
              help="Skip the exact card points (the slowest figure; not in Jass, where they decide the game).")
@click.option("--points-samples", type=click.IntRange(min=2), default=POINTS_SAMPLES, show_default=True,
              help="Deals solved exactly for the mean card points (the first ones; the mean also uses "
                   "every deal's level, the other figures every deal).  Not in Jass, where every "
                   "deal's points are found.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--plot", type=click.Path(dir_okay=False), metavar="FILE.png",
              help="Draw each contract's distribution of points, as shares of its deals "
                   "(needs the plot extra).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on the Dask cluster at ADDRESS (needs the dask extra).")
@click.option("--play", type=click.Choice(PLAY_MODES), default=None,
              help="double-dummy: every deal solved open-handed; single-dummy: played out card by card, "
                   "each player choosing from what he has seen; both (default before play): the top "
                   f"{TOP_CONTRACTS} contracts also single dummy, on their first {BUDGET_SAMPLES} deals.  "
                   "Jass and play during the hand default to double-dummy (a Jass play-out takes "
                   "seconds a deal).")
@click.option("--worlds", type=int, default=WORLDS, show_default=True,
              help=f"Single dummy: deals a player samples at each decision (1..{MAX_WORLDS}).")
@click.option("--defenders", type=click.Choice(MODELS), default="single-dummy", show_default=True,
              help="Single dummy: double-dummy lets the defenders see every card (a pessimistic bracket).")
@click.option("--declarer", type=int, default=None, metavar="SEAT",
              help="The defenders' view: SEAT announced --contract, the viewer (--seat) did not; his "
                   "payout and whether Kontra pays (Schafkopf).")
@click.option("--contract", "contract", metavar="ID",
              help="With --declarer: the contract he announced, e.g. solo-E, sauspiel-G, wenz-tout.")
@click.option("--passed", metavar="SEATS",
              help="Seats that passed before the viewer (or --declarer) announced, e.g. 0,1: no sampled "
                   "deal gives one a hand the announce rule says it would have announced (Schafkopf).")
@click.option("--outbid", metavar="SEAT:ID",
              help="Another seat announced ID (e.g. 2:wenz, 1:solo, 3:sauspiel-E): only the hand's contracts "
                   "that win the auction against it, a higher game or an equal one bid first (Schafkopf).")
@click.option("--ranking", metavar="GAMES",
              help="The table's order of games for --outbid, lowest first, comma-separated (default: "
                   "sauspiel,farbgeier,geier,farbwenz,wenz,solo; Touts above in the same order, Sie on top).")
@click.option("--announce-rule", type=click.Path(dir_okay=False), metavar="FILE.toml",
              help="The announce rule for --passed, --declarer and --outbid: [[announce]] clauses in a TOML file "
                   "(default: docs/rules.md's).")
@click.pass_context
@user_errors(flags={"voids": "--void"})
def analyze(ctx: click.Context, position: str | None, game: str, hand: str | None, players: int | None,
            seat: int, leader: int,
            samples: int, seed: int, workers: int | None, contracts: str | None, seat_has: tuple[str, ...],
            void: tuple[str, ...], tariff: str | None, tariff_set: tuple[str, ...], rule: tuple[str, ...],
            no_race: bool, no_points: bool, points_samples: int, as_json: bool, plot: str | None,
            scheduler: str | None, play: str | None, worlds: int, defenders: str, declarer: int | None,
            contract: str | None, passed: str | None, outbid: str | None, ranking: str | None,
            announce_rule: str | None) -> None:
    """Which contract to announce with a hand, or which card to play now.

    \b
    Before play:  stichfest analyze --hand "EO GO EU GU HA H10 EA G7" --seat 0 --leader 0
    During play:  stichfest analyze POSITION.json   (hidden hands given as "?")
    Defending:    stichfest analyze --hand "EA E10 GK G9 HA H9 S10 S8" --seat 0 --declarer 2 --contract solo-E

    Unseen cards are dealt at random consistently with everything known;
    every deal is solved open-handed (double dummy) and, with --play, also
    played out with each player seeing only his own cards and the play
    (single dummy).  Figures come with 95% intervals.
    """
    if position is not None:
        refuse_unused(ctx, {"hand": "--hand"}, "and a position file are two ways to give the cards: give one of them")
        refuse_unused(ctx, _BEFORE_PLAY_ONLY, "applies to a hand before play (--hand), not to a position file")
    elif not hand:
        raise InputError("give a hand (--hand \"EO GO ...\") or a position file")
    for name, value in (("--plot", plot), ("--scheduler", scheduler), ("--announce-rule", announce_rule)):
        if value is not None and not value.strip():
            raise InputError(f"{name} needs {'an address' if name == '--scheduler' else 'a file name'}")
    if (play or (default_play(game) if position is None else "double-dummy")) == "double-dummy":
        refuse_unused(ctx, {"worlds": "--worlds", "defenders": "--defenders"},
                      "sets the single-dummy play-outs; give --play single-dummy or both"
                      + (" (Jass plays double dummy alone unless asked)" if game == "jass" and play is None
                         and position is None else ""))
    if game == "jass" and position is None:
        refuse_unused(ctx, {"no_points": "--no-points", "points_samples": "--points-samples"},
                      "does nothing in Jass: the points decide the game, so every deal's are found")
    if no_points:
        refuse_unused(ctx, {"points_samples": "--points-samples"},
                      "sets the deals whose exact points are found; not with --no-points")
    wanted = [c.strip() for c in contracts.split(",") if c.strip()] if contracts is not None else None
    if wanted == []:
        raise InputError("--contracts names no contract (ids such as solo-H,wenz; see --help)")
    if plot:
        from stichfest.analysis.plot import check_plot_path
        check_plot_path(plot)
    seats_passed = parse_seats(passed) if passed is not None else ()
    if (declarer is None) != (contract is None):
        raise InputError("--declarer and --contract go together: the seat that announced and its contract")
    if declarer is not None and contracts:
        raise InputError("--contracts lists the viewer's own contracts; with --declarer give --contract")
    if declarer is not None and plot:
        raise InputError("--plot draws the viewer's own contracts, not with --declarer")
    if declarer is not None and outbid is not None:
        raise InputError("--outbid analyses the viewer's own contracts; with --declarer another seat announced")
    if declarer is not None:
        refuse_unused(ctx, {"no_race": "--no-race"},
                      "stops the viewer's own contracts that fall behind; with --declarer there is one contract")
    if ranking is not None and outbid is None:
        raise InputError("--ranking orders the games for --outbid; give --outbid too")
    if announce_rule and not seats_passed and declarer is None and outbid is None:
        raise InputError("--announce-rule says what a seat that passed would have announced, or what the "
                         "declarer holds; give --passed, --declarer or --outbid too")
    over = parse_outbid(outbid) if outbid is not None else None
    order = parse_ranking(ranking) if ranking is not None else None
    passing_rule = load_announce_rule(announce_rule) if announce_rule else None
    workers = workers or available_cores()
    progress = ProgressBar("analyze", samples)

    def compute() -> HandAnalysis | PositionAnalysis | DefenceAnalysis:
        try:
            with open_executor(workers, scheduler) as executor:
                if position is not None:
                    pos = Position.from_json(read_text(position), allow_hidden=True)
                    constraints = Constraints.parse(seat_has, void, game=pos.game)
                    return analyze_position(pos, samples=samples, seed=seed, constraints=constraints,
                                            executor=executor, progress=progress, play=play or "double-dummy",
                                            worlds=worlds, defenders=defenders)
                assert hand is not None  # no position file: --hand was required above
                constraints = Constraints.parse(seat_has, void, game=game)
                prices = load_tariff(tariff).with_settings(
                    parse_settings(tariff_set, "--tariff-set", "solo=60", booleans=False), "--tariff-set", game)
                variants = parse_settings(rule, "--rule", "davonlaufen_min=3")
                if declarer is not None:
                    assert contract is not None  # checked above: they go together
                    return evaluate_defence(
                        game, hand, seat, leader, contract=contract, declarer=declarer, samples=samples,
                        seed=seed, constraints=constraints, tariff=prices, rules=variants, points=not no_points,
                        points_samples=points_samples, executor=executor, progress=progress, players=players,
                        play=play or default_play(game),
                        worlds=worlds, defenders=defenders, passed=seats_passed, announce_rule=passing_rule)
                return evaluate_hand(
                    game, hand, seat, leader, samples=samples, seed=seed, constraints=constraints,
                    tariff=prices, contracts=wanted, rules=variants,
                    race=not no_race, points=not no_points, points_samples=points_samples,
                    executor=executor, progress=progress,
                    players=players, play=play or default_play(game), worlds=worlds, defenders=defenders,
                    passed=seats_passed, announce_rule=passing_rule, outbid=over, ranking=order)
        finally:
            progress.close()

    def show(result: HandAnalysis | PositionAnalysis | DefenceAnalysis, stop: Stopped | None) -> None:
        # The figures first: a plot that cannot be written then loses nothing.
        if as_json:
            click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        else:
            if stop is not None:
                click.echo(render_partial(stop))
            if isinstance(result, HandAnalysis):
                click.echo(render_hand_analysis(result))
            elif isinstance(result, DefenceAnalysis):
                click.echo(render_defence(result))
            else:
                click.echo(render_position_analysis(result))
        if plot and isinstance(result, HandAnalysis):
            from stichfest.analysis.plot import plot_points
            plot_points(result, plot)

    run_stoppable(compute, show)
