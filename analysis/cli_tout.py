"""``stichfest tout``: is a Tout (or a points target) guaranteed, and how
often is it made double dummy?  Wraps :mod:`stichfest.analysis.tout`."""
from __future__ import annotations

import json
from collections.abc import Sequence

import click

from stichfest import GameState
from stichfest.cards import Card, parse_card
from stichfest.contracts import NEEDS_TRUMP, TOUT_CONTRACTS

from .errors import InputError, user_errors
from .render import contract_title, sort_hand
from .tout import (
    DEFAULT_MAX_NODES,
    STANDARD_LINE,
    DDShare,
    DefencePlay,
    Guarantee,
    PlanNode,
    _number,
    dd_share,
    guarantee,
    hand_position,
)

_END_TEXT = {
    "standard": "the standard line wins from here",
    "reached": "the target is in; any card",
    "done": "all tricks played",
}


@click.command()
@click.option("--contract", required=True, type=click.Choice(TOUT_CONTRACTS),
              help="The Schafkopf contract (the declarer plays alone).")
@click.option("--hand", required=True, help='The declarer\'s cards, e.g. "EU GU HU EA E10 EK GA G10" '
              "(6 cards: short deck).")
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
              help="Give up (exit 2) after searching this many positions.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@user_errors
def tout(contract: str, hand: str, seat: int, leader: int | None, trump: str | None,
         target: int | None, samples: int, seed: int, max_nodes: int, as_json: bool) -> None:
    """Is a Tout (or --target points) guaranteed from the declarer's hand alone?

    "Guaranteed" is exact: one way of playing, each card chosen from what the
    declarer has seen, wins every trick (reaches the target) against every
    distribution of the other cards and every defence.  With --samples it also
    reports the share of sampled deals in which the open-hand (double-dummy)
    solver makes it, which is never below the guaranteed answer.
    """
    needs = ("schafkopf", contract) in NEEDS_TRUMP
    if needs and trump is None:
        raise InputError(f"--contract {contract} needs --trump (E, G, H or S)")
    if not needs and trump is not None:
        raise InputError(f"--contract {contract} takes no --trump")
    pos = hand_position(contract, hand, seat, seat if leader is None else leader,
                        trump=trump, tout=target is None)
    result = guarantee(pos, target, max_nodes=max_nodes)
    share = dd_share(pos, target, samples, seed) if samples else None
    if as_json:
        out = result.to_json()
        out["position"] = pos.to_json()
        if "plan" in out:
            out["standard_line"] = STANDARD_LINE
        if share is not None:
            out["dd_share"] = share.share
            out["dd_interval"] = list(share.interval)
            out["samples"] = share.samples
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    click.echo(render_guarantee(result, share))


# ---------------------------------------------------------------------------
def render_guarantee(result: Guarantee, share: DDShare | None = None) -> str:
    """The answer for people: the question, the verdict, the plan or refutation."""
    pos = result.info.position
    hand = pos.deal[pos.declarer]
    goal = "Tout" if result.question == "tout" else f"{result.target} card points"
    lines = [f"{contract_title(pos)}; declarer seat {pos.declarer}, seat {pos.leader} leads",
             f"  hand: {' '.join(str(c) for c in sort_hand(pos, hand))}", ""]
    lines.append(f"Guaranteed? (one way of playing that makes the {goal} against every "
                 "distribution and every defence; exact)")
    if result.guaranteed:
        lines.append(f"  yes ({_positions(result.nodes)} searched)")
        lines.append("Plan:")
        lines.extend("  " + ln for ln in render_plan(result.plan))
    else:
        lines.append(f"  no ({_positions(result.nodes)} searched)")
        lines.extend("  " + ln for ln in render_refutation(result))
    if share is not None:
        lo, hi = share.interval
        lines.append("")
        lines.append(f"How often double dummy? (every hand seen; {share.samples} sampled deals)")
        lines.append(f"  made in {share.made} of {share.samples}: {share.share:.1%} "
                     f"(95% interval {lo:.1%} to {hi:.1%})")
        if result.guaranteed:
            lines.append("  the guarantee holds in every deal, double dummy or not")
        else:
            lines.append("  the gap to the guaranteed answer (no) is what the declarer cannot know")
    return "\n".join(lines)


def render_plan(plan: PlanNode) -> list[str]:
    """The plan as numbered steps; each answer names the step that follows.

    A step that plays one card and then, whatever the defence, ends in the
    same leaf is written inline where it is reached."""
    nodes, ids = _number(plan)
    if plan.end is not None:
        return [_leaf_text(plan.end) + (f": {STANDARD_LINE}." if plan.end == "standard" else ".")]

    def inline(node: PlanNode) -> str | None:
        if node.end is not None:
            return _leaf_text(node.end)
        ends = {id(n) for _, n in node.answers}
        if node.play is not None and len(ends) == 1 and node.answers[0][1].end is not None:
            return f"play {node.play}, then {_leaf_text(node.answers[0][1].end)}"
        return None

    steps = [n for n in nodes if inline(n) is None or n is nodes[0]]
    number = {id(n): i + 1 for i, n in enumerate(steps)}
    out = []
    for node in steps:
        head = f"[{number[id(node)]}] " + (f"play {node.play}" if node.play is not None
                                          else "the defenders play first")
        out.append(head)
        groups: dict[str, list[tuple[DefencePlay, ...]]] = {}
        for defence, nxt in node.answers:
            dest = nodes[ids[id(nxt)]]
            groups.setdefault(inline(dest) or f"go to [{number[id(dest)]}]", []).append(defence)
        ordered = sorted(groups.items(), key=lambda g: len(g[1]))
        for i, (where, defences) in enumerate(ordered):
            if len(ordered) == 1:
                cond = "whatever the defence"
            elif i == len(ordered) - 1:
                cond = "otherwise"
            else:
                cond = "if " + describe_defences(defences)
            out.append(f"    {cond}: {where}")
    if any(n.end == "standard" for n in nodes):
        out.append(f"(standard line: {STANDARD_LINE}; a defender card that does not beat the "
                   "declarer's counts as the lowest of its suit)")
    return out


def _positions(n: int) -> str:
    return f"{n} position{'s' if n != 1 else ''}"


def _leaf_text(end: str) -> str:
    return _END_TEXT[end]


def describe_defences(defences: Sequence[tuple[DefencePlay, ...]], limit: int = 4) -> str:
    """A group of defences, as a product per seat where it is one."""
    shapes = {tuple(p.seat for p in d) for d in defences}
    if len(shapes) == 1:
        seats = next(iter(shapes))
        options = [sorted({d[i].describe() for d in defences}) for i in range(len(seats))]
        size = 1
        for o in options:
            size *= len(o)
        if size == len({tuple(p.key() for p in d) for d in defences}):
            return ", ".join(" or ".join(o) for o in options)
    texts = [", ".join(p.describe() for p in d) for d in defences]
    more = f" (or {len(texts) - limit} more)" if len(texts) > limit else ""
    return " | ".join(texts[:limit]) + more


def render_refutation(result: Guarantee) -> list[str]:
    ref = result.refutation
    pos = result.info.position
    tout = result.question == "tout"
    out = []
    if ref.kind == "double dummy":
        got = f"takes {ref.result} tricks" if tout else f"takes {ref.result} card points"
        out.append(f"In this distribution the declarer {got} at most, even seeing every card "
                   f"({'all' if tout else result.target} needed), so it beats every plan; "
                   "best play for both sides:")
    elif tout:
        sure = (f"is sure of the first {ref.sure} trick{'s' if ref.sure != 1 else ''} only"
                if ref.sure else "cannot even be sure of the first trick")
        out.append(f"No way of playing is sure: against best defence he {sure}; "
                   "a distribution and defence that beat his best try:")
    else:
        out.append(f"No way of playing is sure, though no distribution tried fails double dummy: along "
                   f"this line the defence holds him to {ref.result} card points, {result.target} needed:")
    for seat, hand in enumerate(ref.deal):
        mark = "*" if seat == pos.declarer else " "
        out.append(f"  seat {seat}{mark} {hand}")
    out.extend("  " + t for t in render_line(pos, ref.line))
    if ref.alternatives:
        out.append("Each other card he could play there loses that trick too:")
        for alt in ref.alternatives:
            defence = ", ".join(f"seat {s} {c}" for s, c in alt["defence"])
            out.append(f"  {alt['declarer']}: {defence}  (with {' / '.join(alt['deal'])})")
    return out


def render_line(pos, line: Sequence[tuple[int, str]]) -> list[str]:
    """Plays grouped into tricks, naming each completed trick's winner."""
    rules = GameState(pos.table, [0] * 4, 0)  # for its trick winners
    out, trick, leader = [], [], None
    for seat, name in line:
        if not trick:
            leader = seat
        trick.append(parse_card(name, pos.deck).index)
        if len(trick) == 4:
            winner = (leader + rules.trick_winner_offset(trick)) % 4
            out.append(f"{len(out) + 1}. seat {leader} leads: {_names(pos, trick)}  -> seat {winner}")
            trick = []
    if trick:
        out.append(f"{len(out) + 1}. seat {leader} leads: {_names(pos, trick)}  ...")
    return out


def _names(pos, cards) -> str:
    return " ".join(str(Card(c, pos.deck)) for c in cards)
