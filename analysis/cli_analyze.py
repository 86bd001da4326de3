"""``stichfest analyze``: Monte Carlo hand analysis.

Before play (``--hand``): every contract the hand may announce, over the
same sampled deals, ranked by expected payout (:func:`evaluate_hand`).
During play (a position file with hidden hands ``"?"``): the value of the
position and of each legal card (:func:`analyze_position`).
"""
from __future__ import annotations

import json
from typing import Any

import click

from stichfest import Position
from stichfest.contracts import GAMES

from .errors import InputError, user_errors
from .evaluate import Estimate, HandAnalysis, evaluate_hand
from .executor import ProgressBar, available_cores, open_executor
from .midgame import PositionAnalysis, analyze_position
from .render import render_position
from .sampling import Constraints
from .scoring import load_tariff

#: Options that only make sense before play, with their flag names.
_BEFORE_PLAY_ONLY = {"hand": "--hand", "seat": "--seat", "leader": "--leader", "game": "--game",
                     "contracts": "--contracts", "tariff": "--tariff", "tariff_set": "--tariff-set",
                     "rule": "--rule", "no_race": "--no-race", "no_points": "--no-points", "plot": "--plot"}


@click.command()
@click.argument("position", required=False, metavar="[POSITION.json]")
@click.option("--game", type=click.Choice(GAMES), default="schafkopf", show_default=True)
@click.option("--hand", help='The viewer\'s cards, e.g. "EO GO EU GU HA H10 EA G7".')
@click.option("--seat", type=int, default=0, show_default=True, help="The viewer's seat; he announces.")
@click.option("--leader", type=int, default=0, show_default=True, help="The seat that leads the first trick.")
@click.option("--samples", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Sampled deals (every contract in contention gets all of them).")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same numbers.")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Worker processes (default: all cores).")
@click.option("--contracts", metavar="IDS",
              help="Only these contracts: ids or prefixes, comma-separated (solo, solo-H, tout, sauspiel-G).")
@click.option("--seat-has", multiple=True, metavar="SEAT:CARDS",
              help="Cards known to be in a seat, e.g. 2:EO or 2:EO,HA (repeatable).")
@click.option("--void", multiple=True, metavar="SEAT:SUITS",
              help="Suits a seat holds no (unseen) card of, by suit letter, e.g. 1:H (repeatable).")
@click.option("--tariff", type=click.Path(dir_okay=False), metavar="FILE.toml",
              help="Tariff keys in a TOML file (defaults: RULES.md).")
@click.option("--tariff-set", multiple=True, metavar="KEY=VALUE",
              help="One tariff key, e.g. solo=60 (repeatable; after --tariff).")
@click.option("--rule", multiple=True, metavar="KEY=VALUE",
              help="A rule variant, e.g. davonlaufen_min=3 (repeatable).")
@click.option("--no-race", is_flag=True, help="Give every contract all samples (no early stopping).")
@click.option("--no-points", is_flag=True, help="Skip the exact card points (the slowest figure).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--plot", type=click.Path(dir_okay=False), metavar="FILE.png",
              help="Draw each contract's distribution of points (needs the plot extra).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on the Dask cluster at ADDRESS (needs the dask extra).")
@click.pass_context
@user_errors
def analyze(ctx: click.Context, position: str | None, game: str, hand: str | None, seat: int, leader: int,
            samples: int, seed: int, workers: int | None, contracts: str | None, seat_has: tuple[str, ...],
            void: tuple[str, ...], tariff: str | None, tariff_set: tuple[str, ...], rule: tuple[str, ...],
            no_race: bool, no_points: bool, as_json: bool, plot: str | None, scheduler: str | None) -> None:
    """Which contract to announce with a hand, or which card to play now.

    \b
    Before play:  stichfest analyze --hand "EO GO EU GU HA H10 EA G7" --seat 0 --leader 0
    During play:  stichfest analyze POSITION.json   (hidden hands given as "?")

    Unseen cards are dealt at random consistently with everything known;
    every deal is solved open-handed.  Figures come with 95% intervals.
    """
    if position is not None:
        given = [flag for name, flag in _BEFORE_PLAY_ONLY.items()
                 if ctx.get_parameter_source(name) != click.core.ParameterSource.DEFAULT]
        if given:
            raise InputError(f"{given[0]} applies before play (with --hand), not to a position file")
    elif not hand:
        raise InputError("give a hand (--hand \"EO GO ...\") or a position file")
    if plot:
        from .plot import require_matplotlib
        require_matplotlib()
    workers = workers or available_cores()
    progress = ProgressBar("analyze", samples)
    try:
        with open_executor(workers, scheduler) as executor:
            if position is not None:
                from .cli import _read_text
                pos = Position.from_json(_read_text(position), allow_hidden=True)
                constraints = Constraints.parse(seat_has, void, game=pos.game)
                result = analyze_position(pos, samples=samples, seed=seed, constraints=constraints,
                                          executor=executor, progress=progress)
            else:
                constraints = Constraints.parse(seat_has, void, game=game)
                result = evaluate_hand(
                    game, hand, seat, leader, samples=samples, seed=seed, constraints=constraints,
                    tariff=load_tariff(tariff, tariff_set),
                    contracts=contracts.split(",") if contracts else None, rules=_parse_rules(rule),
                    race=not no_race, points=not no_points, executor=executor, progress=progress)
    finally:
        progress.close()
    if plot and isinstance(result, HandAnalysis):
        from .plot import plot_points
        plot_points(result, plot)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
    elif isinstance(result, HandAnalysis):
        click.echo(render_hand_analysis(result))
    else:
        click.echo(render_position_analysis(result))


def _parse_rules(items: tuple[str, ...]) -> dict[str, Any]:
    rules: dict[str, Any] = {}
    for text in items:
        key, sep, value = text.partition("=")
        value = value.strip().lower()
        if not sep or not value:
            raise InputError(f"--rule {text!r}: expected KEY=VALUE, e.g. davonlaufen_min=3")
        if value in ("true", "false"):
            rules[key.strip()] = value == "true"
        elif value.lstrip("-").isdigit():
            rules[key.strip()] = int(value)
        else:
            raise InputError(f"--rule {text!r}: the value must be a number, true or false")
    return rules


# ---------------------------------------------------------------------------
# Text for people
_COLUMNS = {  # figure key -> header, per game
    "schafkopf": (("p_win", "P(win) %"), ("p_schneider", "P(Schneider) %"), ("p_schwarz", "P(Schwarz) %"),
                  ("mean_points", "card points")),
    "jass": (("p_win", "P(79+) %"), ("p_schwarz", "P(match) %"), ("mean_points", "points")),
    "scharwenzel": (("p_win", "P(majority) %"), ("p_draw", "P(Bock) %"), ("p_schwarz", "P(all tricks) %"),
                    ("mean_points", "tricks")),
}


def _share(e: Estimate | None) -> str:
    return "—" if e is None else f"{100 * e.mean:5.1f} [{100 * e.low:4.1f}, {100 * e.high:5.1f}]"


def _mean(e: Estimate | None, signed: bool = False) -> str:
    if e is None:
        return "—"
    return f"{e.mean:+.1f} ± {e.high - e.mean:.1f}" if signed else f"{e.mean:.1f} ± {e.high - e.mean:.1f}"


def render_hand_analysis(a: HandAnalysis) -> str:
    columns = _COLUMNS[a.game]
    head = ["#", "contract", "deals"] + [h for _, h in columns] + ["payout"]
    body = []
    for i, r in enumerate(a.results, 1):
        f = r.figures()
        if r.spec.tout:  # a Tout is won by taking every trick: P(win) is P(Tout made)
            f = dict(f, p_win=f["p_tout"])
        cells = [_mean(f[k]) if k == "mean_points" else _share(f[k]) for k, _ in columns]
        body.append([str(i), r.name, str(r.samples)] + cells + [_mean(f["payout"], signed=True)])
    widths = [max(len(row[j]) for row in [head] + body) for j in range(len(head))]
    right = {0, 2} | set(range(3, len(head)))

    def line(row: list[str]) -> str:
        return "  ".join(c.rjust(w) if j in right else c.ljust(w) for j, (c, w) in enumerate(zip(row, widths)))

    out = [f"{a.game.capitalize()}: seat {a.seat} announces, seat {a.leader} leads; "
           f"hand {' '.join(map(str, a.hand))}",
           f"{a.samples} sampled deals, seed {a.seed}; 95% intervals; payout = seat {a.seat}'s net "
           f"per game under the tariff", "", line(head)]
    out += [line(row) for row in body]
    if a.stopped:
        out += ["", "Stopped early, clearly behind the leader:"]
        for after in sorted({r.stopped_after for r in a.stopped}):
            out.append(f"  after {after} deals: " + ", ".join(r.name for r in a.stopped if r.stopped_after == after))
    if a.comparisons:
        names = {r.spec.id: r.name for r in a.results}
        out += ["", "Paired on the same deals (payout difference ± standard error):"]
        out += [f"  {names[c.first]} − {names[c.second]}: {c.mean_difference:+.1f} ± "
                f"{c.standard_error:.1f}  ({c.samples} deals)" for c in a.comparisons]
    return "\n".join(out)


def render_position_analysis(a: PositionAnalysis) -> str:
    target = "" if a.target is None else f"P(value >= {a.target})"
    out = [render_position(a.position), "",
           f"{a.samples} sampled deals, seed {a.seed}; 95% intervals"]

    def cells(fig: dict[str, Any]) -> str:
        text = f"mean value {fig['mean']:7.2f} [{fig['mean_low']:.2f}, {fig['mean_high']:.2f}]"
        if fig["win"] is not None:
            text += f"   {target} {fig['win']:.3f} [{fig['win_low']:.3f}, {fig['win_high']:.3f}]"
        return text

    out.append(f"Position: {cells(a.value())}")
    if a.moves:
        best = a.best_move()
        out.append(f"Seat {a.to_move} to move; each card (* best mean for him):")
        out += [f"  {card:>4}{'*' if card == best else ' '} {cells(fig)}" for card, fig in a.move_figures().items()]
    elif a.to_move is not None:
        out.append(f"Seat {a.to_move} to move; his hand is hidden, so no card advice.")
    return "\n".join(out)
