"""Text for people: every human-readable rendering of the command line.

Positions and values (``solve``), hand and position analyses (``analyze``),
guarantees, plans and refutations (``tout``) and puzzles (``puzzle``); the
lines of play of all of them through one :func:`render_tricks`.
"""
from __future__ import annotations

import shutil
import textwrap
from collections.abc import Callable, Mapping, Sequence
from math import isfinite
from typing import Any

from stichfest import Position
from stichfest.analysis.announce import AnnounceRule
from stichfest.analysis.defence import DefenceAnalysis, ViewerFigures, describe_share
from stichfest.analysis.evaluate import ContractResult, HandAnalysis
from stichfest.analysis.executor import Stopped
from stichfest.analysis.midgame import PositionAnalysis
from stichfest.analysis.puzzle import Puzzle
from stichfest.analysis.ranking import Ranking
from stichfest.analysis.render import contract_title, score, sort_hand
from stichfest.analysis.review import level_name
from stichfest.analysis.scoring import Level
from stichfest.analysis.sie import ClaimResult
from stichfest.analysis.single_dummy import DOUBLE_DUMMY_BY_DEFAULT
from stichfest.analysis.stats import Estimate
from stichfest.analysis.tout import STANDARD_LINE, DDShare, DefencePlay, Guarantee, PlanNode
from stichfest.analysis.tout.plan import _number
from stichfest.cards import Card, is_short_deck, parse_card
from stichfest.contracts import Contract
from stichfest.search import Result


# ---------------------------------------------------------------------------
# Positions, values, lines of play (solve)
def render_position(pos: Position) -> str:
    party = pos.declaring_party
    who = f"seat {pos.declarer} under study" if pos.kind.against_all else f"declarer seat {pos.declarer}"
    deck = " (short deck)" if is_short_deck(pos.game, pos.n_seats, pos.hand_size) else ""
    lines = [f"{contract_title(pos)}{deck}; {who}, seat {pos.leader} leads"]
    st = pos.state() if None not in pos.deal else None
    for seat, hand in enumerate(pos.deal):
        mark = "*" if seat == pos.declarer else ("+" if seat in party else " ")
        cards = "?" if hand is None else " ".join(str(c) for c in sort_hand(pos, hand))
        left = ""
        if st is not None and pos.play:
            assert hand is not None  # st exists only when every hand is known
            now = [c for c in hand if st.hands[seat] >> c.index & 1]
            left = "   now: " + (" ".join(str(c) for c in sort_hand(pos, now)) or "-")
        lines.append(f"  seat {seat}{mark} {cards}{left}")
    if pos.kind.against_all:
        lines.append("  (* the seat under study)")  # Ramsch has no declarer: each plays for himself
    else:
        lines.append("  (* declarer, + declaring party)" if len(party) > 1 else "  (* declarer)")
    variants = pos.to_json().get("rules")  # only those that differ from the defaults
    if variants:
        lines.append(variants_line(variants))
    if pos.play:
        lines.append("Played: " + " ".join(str(c) for c in pos.play))
    return "\n".join(lines)


def variants_line(rules: Mapping[str, Any]) -> str:
    """The rule variants in force, as ``--rule`` takes them."""
    return "Rule variants: " + ", ".join(f"{k}={str(v).lower()}" for k, v in sorted(rules.items()))


def _plus_minus(standard_error: float) -> str:
    """``± se``; ``± ?`` where one deal gives none."""
    return f"± {standard_error:.1f}" if isfinite(standard_error) else "± ?"


def describe_value(pos: Position, value: int, *, schwarz: bool | None = None,
                   line: Sequence[Card] | None = None, their_match: bool | None = None) -> str:
    """What a ``value`` means in the game's own terms.

    Schafkopf Schwarz (a party takes no trick) cannot be read off card points:
    120 may leave the defenders a 0-point trick.  ``schwarz`` is the solver's
    answer for the side that may be trickless: with ``value`` 120 whether the
    declarers can force every trick, with 0 whether the defenders can
    (:func:`stichfest.analysis.cli.solve.prove_schwarz`); None: not asked, and
    Schwarz is not claimed.  Jass: ``line`` (the rest of the play, e.g. the
    optimal line) splits the value into card points, last trick and match;
    without one, ``their_match`` is the solver's answer at a value of 0
    whether the other team takes every trick (None: not asked)."""
    n = pos.n_tricks
    if pos.game == "schafkopf" and pos.tout:
        return (f"declarer {value} of {n} tricks — Tout made" if value == n
                else f"declarer {value} of {n} tricks — Tout lost")
    if pos.game == "schafkopf" and pos.contract == "ramsch":
        return f"seat {pos.declarer} holds itself to {value} points (of 120)"
    if pos.game == "schafkopf":
        if value >= 91:
            if value == 120 and schwarz:
                return f"declarers {value} — wins, defenders Schwarz (no trick for them)"
            if value == 120 and schwarz is False:
                return (f"declarers {value} — wins, defenders Schneider, not Schwarz "
                        "(they get a 0-point trick)")
            return f"declarers {value} — wins, defenders Schneider"
        if value >= 61:
            return f"declarers {value} — wins, Schneider frei for the defenders"
        if value >= 31:
            return f"declarers {value} — loses, Schneider frei"
        if value == 0 and schwarz:
            return f"declarers {value} — loses, Schwarz (no trick for them)"
        if value == 0 and schwarz is False:
            return f"declarers {value} — loses, Schneider, not Schwarz (they get a 0-point trick)"
        return f"declarers {value} — loses, Schneider"
    if pos.game == "jass":
        return f"declaring team {value}" + _jass_parts(pos, value, line, their_match)
    need = n // 2 + 1
    if pos.tout:  # announced: every trick or lost
        verdict = "Tout made" if value == n else "Tout lost"
    elif value * 2 == n:
        verdict = "equal tricks: Bock"
    elif value >= need:
        verdict = "majority, every trick (a Tout: the game and a Haken)" if value == n else "majority"
    elif value == 0:
        verdict = "the other party takes every trick (its Tout: the game and a Haken)"
    else:
        verdict = "minority: the other party scores"
    return f"declaring party {value} of {n} tricks — {verdict}"


def _jass_parts(pos: Position, value: int, line: Sequence[Card] | None,
                their_match: bool | None = None) -> str:
    """What a Jass value holds, e.g. ``": 152 card points + 5 last trick + 100 match"``.

    The match (all tricks: 157 + 100) and its opposite need no line; otherwise
    the last trick's 5 is read from the end of ``line`` (the play is complete
    there), and left open without one."""
    table = pos.table
    last, match = table.last_trick_bonus, table.match_bonus
    if value == 157 + match:
        return f": {157 - last} card points + {last} last trick + {match} match (every trick)"
    st = pos.state()
    if line is not None:
        for card in line:
            st.play(card.index)
    if not st.finished:
        if value == 0 and their_match is not None:
            return (" of 157 (the other team takes every trick: the match)" if their_match
                    else " of 157: only 0-point tricks, which deny the other team its match")
        return f" of 157 (card points, and the last trick's {last} if the team takes it)"
    took_last = st.history[-1][2] in pos.declaring_party
    where = " in the line of play below" if line else ""  # another optimal line may split otherwise
    if value == 0:
        if not any(w in pos.declaring_party for _, _, w in st.history):
            return " of 157 (the other team takes every trick: the match)"
        return f" of 157: only 0-point tricks, which deny the other team its match{where}"
    if took_last:
        return f" of 157: {value - last} card points + {last} last trick{where}"
    return f" of 157: {value} card points, the last trick to the other team{where}"


def render_pv(pos: Position, pv: Sequence[Card]) -> list[str]:
    """The line of play ``pv`` from ``pos`` trick by trick, naming each trick's winner."""
    st = pos.state()
    cards = [*st.trick, *(c.index for c in pv)]
    return render_tricks(pos, st.leader, cards, number=len(st.history) + 1)


def render_tricks(pos: Position, leader: int, cards: Sequence[int], *, number: int = 1,
                  unfinished: bool = False) -> list[str]:
    """Cards played from a trick's start by ``leader``, one line per trick
    (``number`` the first), naming each completed trick's winner; a trick
    still open is shown with ``...`` when ``unfinished``, else left out."""
    n = pos.n_seats
    out = []
    for start in range(0, len(cards), n):
        trick = list(cards[start:start + n])
        names = " ".join(str(Card(c, pos.deck)) for c in trick)
        if len(trick) == n:
            winner = (leader + pos.table.winning_offset(trick)) % n
            out.append(f"{number}. seat {leader} leads: {names}  -> seat {winner}")
            leader, number = winner, number + 1
        elif unfinished:
            out.append(f"{number}. seat {leader} leads: {names}  ...")
    return out


def render_solve(pos: Position, result: Result, *, schwarz: bool | None = None) -> str:
    """``schwarz``: see :func:`describe_value`."""
    lines = [render_position(pos), ""]
    line = result.pv if result.pv or result.to_move is None else None
    lines.append(f"Value: {describe_value(pos, result.value, schwarz=schwarz, line=line)}")
    if result.weis is not None:
        assert result.stoeck is not None  # the solver reports Weis and Stöck together (Jass)
        lines.append(f"Weis: seats 0+2 {result.weis[0]}, seats 1+3 {result.weis[1]};  "
                     f"Stöck: {result.stoeck[0]} / {result.stoeck[1]}")
    if result.to_move is not None:
        lines.append(f"Seat {result.to_move} to move; value after each card:")
        best = max(result.moves.values()) if result.to_move in pos.maximizing_seats \
            else min(result.moves.values())
        cells = [f"{c}{'*' if v == best else ' '} {v}" for c, v in result.moves.items()]
        lines.append("  " + "   ".join(cells))
        lines.append("  (* best for the player to move)")
    if result.pv:
        lines.append("Line of play:")
        lines.extend("  " + t for t in render_pv(pos, result.pv))
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Analyses (analyze)
_COLUMNS = {  # figure key -> header, per game
    "schafkopf": (("p_win", "P(win) %"), ("p_schneider", "P(Schneider) %"), ("p_schwarz", "P(Schwarz) %"),
                  ("mean_points", "card points")),
    "jass": (("p_win", "P(79+) %"), ("p_schwarz", "P(match) %"), ("mean_points", "points"),
             ("mean_weis", "Weis+Stöck")),
    "scharwenzel": (("p_win", "P(win) %"), ("p_first_tricks", "P(first tricks) %"), ("p_draw", "P(Bock) %"),
                    ("p_schwarz", "P(all tricks) %"), ("mean_points", "tricks")),
}


def _share(e: Estimate | None) -> str:
    return "—" if e is None else f"{100 * e.mean:5.1f} [{100 * e.low:4.1f}, {100 * e.high:5.1f}]"


def _share_mean(e: Estimate | None) -> str:
    return "—" if e is None else f"{100 * e.mean:.1f}"


def _mean(e: Estimate | None, signed: bool = False) -> str:
    if e is None:
        return "—"
    return f"{e.mean:+.1f} ± {e.high - e.mean:.1f}" if signed else f"{e.mean:.1f} ± {e.high - e.mean:.1f}"


#: Table width when the output is not a terminal (``shutil.get_terminal_size`` fallback).
DEFAULT_WIDTH = 100

#: What goes first where the contracts table is too wide, least useful first:
#: the deals column (the header names the count, early stops are listed below
#: the table), the all-tricks share (Schwarz, match), the shares' intervals,
#: the card points.
_NARROWING = ("deals", "p_schwarz", "intervals", "mean_weis", "mean_points")


def render_hand_analysis(a: HandAnalysis, width: int | None = None) -> str:
    """The contracts table, fitted to ``width`` columns (default: the
    terminal's, :data:`DEFAULT_WIDTH` when not a terminal) by leaving out
    figures in the order of :data:`_NARROWING`; it says which."""
    if width is None:
        width = shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
    columns = _COLUMNS[a.game]
    keys = ["#", "contract", "deals"] + [k for k, _ in columns] + ["payout"]
    head = ["#", "contract", "deals"] + [h for _, h in columns] + ["payout"]
    body: list[list[str]] = []
    short: list[dict[str, str]] = []  # the shares without their intervals
    for i, r in enumerate(a.results, 1):
        f = r.figures()
        if r.spec.tout:  # a Tout is won by taking every trick: P(win) is P(Tout made)
            f = dict(f, p_win=f["p_tout"])
        cells = [_mean(f[k]) if k == "mean_points" else _mean(f[k], signed=True) if k == "mean_weis"
                 else _share(f[k]) for k, _ in columns]
        name = r.name.replace("Sauspiel auf die ", "Sauspiel ")  # "Sauspiel Gras-Sau"
        deals = "—" if isinstance(r, ClaimResult) else str(r.samples)  # a Sie is not played
        body.append([str(i), name, deals] + cells + [_mean(f["payout"], signed=True)])
        short.append({k: _share_mean(f[k]) for k, _ in columns if k not in ("mean_points", "mean_weis")})
    dropped: list[str] = []
    for step in _NARROWING:
        if max(len(_table_line(row, head, body)) for row in [head] + body) <= width:
            break
        if step == "intervals":
            for j, key in enumerate(keys):
                if key in short[0] if short else False:
                    for row, sh in zip(body, short):
                        row[j] = sh[key]
            dropped.append("the shares' intervals")
        elif step in keys:
            j = keys.index(step)
            dropped.append(head[j])
            for row in [head] + body:
                del row[j]
            del keys[j]

    players = _table_words(a)
    out = textwrap.wrap(f"{a.game.capitalize()}{players}: seat {a.seat} announces, seat {a.leader} leads; "
                        f"hand {' '.join(map(str, a.hand))}", width)
    finished = max((r.samples for r in a.results), default=a.samples)  # fewer where the run was stopped
    dealt = f"{finished} of {a.samples}" if finished < a.samples else f"{a.samples}"
    sampled = (f"{dealt} sampled deals, seed {a.seed}" if not all(isinstance(r, ClaimResult) for r in a.results)
               else "nothing to play, no deal sampled")
    out += textwrap.wrap(f"{sampled}; 95% intervals; payout = seat "
                         f"{a.seat}'s net per game under the tariff; figures double dummy, ranked by "
                         f"{_RANKING[a.ranked_by]}{_points_note(a)}", width)
    if a.rules:
        out.append(variants_line(a.rules))
    if a.passed:
        out += textwrap.wrap(_passed_line(a.passed, a.announce_rule, a.players), width)
    if a.outbid is not None:
        out += textwrap.wrap(_outbid_line(a.outbid), width)
    out += ["", _table_line(head, head, body)]
    out += [_table_line(row, head, body) for row in body]
    if dropped:
        out += textwrap.wrap(f"(left out to fit {width} columns: {', '.join(dropped)}; --json has every "
                             "figure)", width)
    for r in a.results:
        if isinstance(r, ClaimResult):
            out += [""] + textwrap.wrap(r.describe(a.tariff, a.players), width)
    if a.stopped:
        out += ["", "Stopped early, clearly behind the leader:"]
        for after in sorted({r.stopped_after for r in a.stopped if r.stopped_after is not None}):
            out.append(f"  after {after} deals: " + ", ".join(r.name for r in a.stopped if r.stopped_after == after))
    if a.comparisons:
        names = {r.spec.id: r.name for r in a.results}
        out += ["", "Paired on the same deals (payout difference ± standard error):"]
        out += [f"  {names[c.first]} − {names[c.second]}: {c.mean_difference:+.1f} "
                f"{_plus_minus(c.standard_error)}  ({c.samples} deals)" for c in a.comparisons]
    out += render_single_dummy(a, width)
    return "\n".join(out)


def _table_words(a: HandAnalysis) -> str:
    """Who plays, beside the game's name: "for 3 players", "(short deck)"."""
    if a.players != 4:
        return f" for {a.players} players"
    return " (short deck)" if is_short_deck(a.game, a.players, len(a.hand)) else ""


def _outbid_line(outbid: tuple[int, Contract, Ranking]) -> str:
    their_seat, theirs, ranking = outbid
    return (f"Seat {their_seat} announced {theirs.title}: only the contracts that win the auction against it, "
            f"a higher game or an equal one bid first (ranking {ranking.source})")


def _passed_line(passed: Sequence[int], rule: AnnounceRule | None, n_seats: int) -> str:
    seats = ", ".join(map(str, passed))
    source = "default" if rule is None else rule.source
    what = "" if rule is None else f": {rule.describe(n_seats)}"
    return (f"Seat{'s' if len(passed) > 1 else ''} {seats} passed: no deal gives "
            f"{'them' if len(passed) > 1 else 'it'} a hand the announce rule ({source}) announces{what}")


def _points_note(a: HandAnalysis) -> str:
    """Where the points were solved exactly on the first deals only, how many."""
    counts = {len(r.points) for r in a.results if r.points is not None and len(r.points) < r.samples}
    if not counts:
        return ""
    return (f"; {dict(_COLUMNS[a.game])['mean_points']} solved exactly on the first {max(counts)} deals, "
            "with every deal's level")


def _table_line(row: list[str], head: list[str], body: list[list[str]]) -> str:
    """One row of the contracts table: the contract (column 1) left-aligned, the rest right."""
    widths = [max(len(r[j]) for r in [head] + body) for j in range(len(head))]
    return "  ".join(c.ljust(w) if j == 1 else c.rjust(w) for j, (c, w) in enumerate(zip(row, widths)))


#: The second share of the single-dummy table, per game: (figure key, header).
_SECOND_SHARE = {"schafkopf": ("p_schneider", "P(Schneider)"), "jass": ("p_schwarz", "P(match)"),
                 "scharwenzel": ("p_first_tricks", "P(first tricks)")}

_RANKING = {"double-dummy": "double-dummy payout",
            "single-dummy": "single-dummy payout (the contracts played out first)"}


def render_single_dummy(a: HandAnalysis, width: int = DEFAULT_WIDTH) -> list[str]:
    """The contracts played out single dummy, beside double dummy on the same
    deals, fitted to ``width`` columns: without the shares' intervals, then
    without the second share (P(Schneider), the Jass match, the Scharwenzel
    first tricks), then without the paired difference, as needed."""
    rows = [r for r in a.results if r.single_dummy is not None]
    if not rows:
        if a.game in DOUBLE_DUMMY_BY_DEFAULT and a.results:
            return [""] + textwrap.wrap("Not played out single dummy: in Jass only with --play both or "
                                        "single-dummy (a play-out takes seconds a deal).", width)
        return []
    second, second_label = _SECOND_SHARE.get(a.game, _SECOND_SHARE["schafkopf"])
    head = ["contract", "deals", "P(win) % DD", "SD", f"{second_label} % DD", "SD", "payout DD", "SD",
            "SD − DD"]
    full: list[list[str]] = []
    short: list[list[str]] = []  # the four shares without their intervals
    for r in rows:
        sd = r.single_dummy
        assert sd is not None
        n = sd.samples
        dd = ContractResult(r.spec, r.name, r.levels[:n], r.payouts[:n]).figures()
        f = sd.figures()
        win = "p_tout" if r.spec.tout else "p_win"
        diff, se = sd.paired()
        full.append([r.name, str(n), _share(dd[win]), _share(f[win]), _share(dd[second]),
                     _share(f[second]), _mean(dd["payout"], signed=True),
                     _mean(f["payout"], signed=True), f"{diff:+.1f} {_plus_minus(se)}"])
        short.append([_share_mean(dd[win]), _share_mean(f[win]), _share_mean(dd[second]),
                      _share_mean(f[second])])

    def line(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(row, widths)))

    body = full
    dropped: list[str] = []
    for step in ("intervals", "schneider", "difference", None):
        widths = [max(len(row[j]) for row in [head] + body) for j in range(len(head))]
        if step is None or max(len(line(row)) for row in [head] + body) <= width:
            break
        if step == "intervals":
            body = [row[:2] + sh + row[6:] for row, sh in zip(body, short)]
            dropped.append("the shares' intervals")
        elif step == "schneider":
            head, body = head[:4] + head[6:], [row[:4] + row[6:] for row in body]
            dropped.append(second_label)
        else:
            head, body = head[:-1], [row[:-1] for row in body]
            dropped.append("SD − DD")

    first = rows[0].single_dummy
    assert first is not None
    who = ("each player sees only his own hand and the play" if first.defenders == "single-dummy"
           else "the declaring party sees only its own hands and the play, the defenders every card")
    out = ["", *textwrap.wrap(f"Single dummy (SD: {who}; {first.worlds} sampled deals per decision) beside "
                              f"double dummy (DD) on the same deals:", width), line(head)]
    out += [line(row) for row in body]
    if dropped:
        out += textwrap.wrap(f"(left out to fit {width} columns: {', '.join(dropped)}; --json has every "
                             "figure)", width)
    return out


def render_defence(d: DefenceAnalysis, width: int | None = None) -> str:
    """The defenders' view: the declaring party's chances, the viewer's
    payout with and without Kontra, double and single dummy side by side."""
    if width is None:
        width = shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
    a, row = d.analysis, d.row
    sd_row = row.single_dummy
    players = _table_words(a)
    out = textwrap.wrap(f"{a.game.capitalize()}{players}: seat {d.declarer} announced {row.name}, seat "
                        f"{a.leader} leads; the viewer, seat {a.seat}, did not; hand "
                        f"{' '.join(map(str, a.hand))}", width)
    models = f"double dummy (DD, {row.samples} deals)"
    if sd_row is not None:
        who = ("each player sees only his own hand and the play" if sd_row.defenders == "single-dummy"
               else "the declaring party sees only its own hands and the play, the defenders every card")
        models += (f" and single dummy (SD, the first {sd_row.samples} of them; {who}; {sd_row.worlds} "
                   "sampled deals per decision)")
    out += textwrap.wrap(f"{a.samples} sampled deals, seed {a.seed}; 95% intervals; figures {models}", width)
    rule = a.announce_rule
    if rule is not None:
        clauses = [c.describe() for c in rule.clauses if c.contract == d.contract.name]
        holds = ("; ".join(clauses) if clauses else "the rule has no clause for it, so only his call tells")
        out += textwrap.wrap(f"Seat {d.declarer} holds a hand the announce rule ({rule.source}) announces "
                             f"{row.name} with: {holds}", width)
    if a.passed:
        out += textwrap.wrap(_passed_line(a.passed, rule, a.players), width)
    share = describe_share(d)
    out += textwrap.wrap(share[:1].upper() + share[1:] + ".", width)

    dd = row.figures()
    sd = sd_row.figures() if sd_row is not None else None
    win = "p_tout" if row.spec.tout else "p_win"
    lines: list[list[str]] = [["", "DD"] + (["SD"] if sd is not None else [])]

    def add(label: str, dd_cell: str, sd_cell: str | None) -> None:
        lines.append([label, dd_cell] + ([sd_cell or "—"] if sd is not None else []))

    def both(key: str) -> tuple[str, str | None]:
        if key in ("payout", "mean_points"):
            signed = key == "payout"
            return _mean(dd[key], signed=signed), None if sd is None else _mean(sd[key], signed=signed)
        return _share(dd[key]), None if sd is None else _share(sd[key])

    add("P(Tout made) %" if row.spec.tout else "P(declarers win) %", *both(win))
    for key, label in (("p_schneider", "P(Schneider) %"), ("p_schwarz", "P(Schwarz) %")):
        if dd[key] is not None:
            add(label, *both(key))
    if dd["mean_points"] is not None:  # not for a Tout, nor with --no-points
        add("declarers' card points", *both("mean_points"))
    add("declarer's payout", *both("payout"))
    you, sdv = d.double_dummy, d.single_dummy

    def viewer(figure: Callable[[ViewerFigures], Estimate]) -> tuple[str, str | None]:
        return _mean(figure(you), signed=True), None if sdv is None else _mean(figure(sdv), signed=True)

    add(f"seat {a.seat}'s payout", *viewer(lambda v: v.payout))
    add("  with Kontra", *viewer(lambda v: v.payout_kontra))
    if d.role == "defender":
        add("  Kontra gains", *viewer(lambda v: v.kontra_gain))
        add("  Kontra is", you.kontra or "", None if sdv is None else sdv.kontra)
    widths = [max(len(r[j]) for r in lines) for j in range(len(lines[0]))]
    out.append("")
    out += ["  ".join(c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths))).rstrip()
            for r in lines]
    if d.role == "defender":
        k = a.tariff.kontra_factor
        gains = ("nothing: its factor is 1" if k == 1 else
                 f"what the payout is {'once more' if k == 2 else f'{k - 1} times more'}, deal by deal: worth "
                 "giving when the interval of the gain is above 0")
        out += textwrap.wrap(f"(Kontra multiplies the game's value by {k}, so it gains {gains}.  Re, the "
                             "declarer's answer, is not modelled.)", width)
    diff = d.single_minus_double()
    if diff is not None:
        out.append(f"SD − DD, seat {a.seat}'s payout on the same deals: {diff[0]:+.1f} {_plus_minus(diff[1])} "
                   f"({diff[2]} deals)")
    return "\n".join(out)


def render_position_analysis(a: PositionAnalysis) -> str:
    known = [s for s, h in enumerate(a.position.deal) if h is not None]
    out = [render_position(a.position), ""]
    if len(known) > 1:
        out.append(f"Hands given: seats {', '.join(map(str, known))}; " +
                   ("every one is taken as known to the player to move" if a.to_move is not None
                    else "every card is played"))
    out += _position_figures(a)
    if a.single_dummy is not None:
        out += [""] + _position_figures(a.single_dummy)
    return "\n".join(out)


def _star_rule(a: PositionAnalysis) -> str:
    """What the star of the position table stands for (PositionAnalysis.best_move)."""
    if a.levels is not None:
        return "best for him: the outcome first (the first tricks count), then the tricks"
    if a.position.scores_tricks and a.target is not None:
        return ("best for him: the best mean outcome first (only the outcome pays; Scharwenzel's Bock "
                "between win and loss), then the mean" if not a.exact else "best for him: the target first, then the tricks")
    return "best for him" if a.exact else "best mean for him"


def _position_figures(a: PositionAnalysis) -> list[str]:
    target = "" if a.target is None else f"P(value >= {a.target})"
    how = ("each played out single dummy (every player choosing from what he has seen)"
           if a.play == "single-dummy" else "each solved double dummy")
    if a.exact:
        out = ["Only one deal fits what is known: solved exactly, double dummy (nothing sampled)"]
    else:
        out = [f"{a.samples} sampled deals, {how}, seed {a.seed}; 95% intervals"]

    unit = "tricks" if a.position.scores_tricks else "value"

    def cells(fig: dict[str, Any]) -> str:
        if a.exact:
            text = f"{unit} {fig['mean']:g}"
            if fig["win"] is not None:
                text += f"   {unit} >= {a.target}: {'yes' if fig['win'] else 'no'}"
            if "level" in fig:
                text += f"   {fig['level']}"
            return text
        text = f"mean {unit} {fig['mean']:7.2f} [{fig['mean_low']:.2f}, {fig['mean_high']:.2f}]"
        if fig["win"] is not None:
            text += f"   {target} {fig['win']:.3f} [{fig['win_low']:.3f}, {fig['win_high']:.3f}]"
        return text

    # double dummy, the position's value is what the player to move makes
    # seeing every hand: on each deal his best card, so at least the best mean
    seen = ", the player to move seeing every hand" if a.play != "single-dummy" and a.to_move is not None else ""
    out.append(f"Position{seen}: {cells(a.value())}")
    if a.moves:
        best = a.best_move()
        out.append(f"Seat {a.to_move} to move; each card (* {_star_rule(a)}):")
        levels = a.levels or {}
        out += [f"  {card!s:>4}{'*' if card == best else ' '} "
                f"{cells(dict(fig, level=level_name(a.position, Level(levels[card]))) if card in levels else fig)}"
                for card, fig in a.move_figures().items()]
    elif a.to_move is not None:
        out.append(f"Seat {a.to_move} to move; his hand is hidden, so no card advice.")
    return out


# ---------------------------------------------------------------------------
# Guarantees (tout)
_END_TEXT = {
    "standard": "the standard line wins from here",
    "reached": "the target is in; any card",
    "done": "all tricks played",
}


def render_guarantee(result: Guarantee, share: DDShare | None = None, *, page_budget: int | None = None) -> str:
    """The answer for people: the question, the verdict, the plan or refutation.

    ``page_budget``: the positions the web page lets a search visit (it has
    no ``--max-nodes`` to raise); None on the command line."""
    pos = result.info.position
    hand = pos.deal[pos.declarer]
    assert hand is not None  # the declarer's hand is always known to the Tout search
    goal = "Tout" if result.question == "tout" else f"{result.target} card points"
    lines = [f"{contract_title(pos)}; declarer seat {pos.declarer}, seat {pos.leader} leads",
             f"  hand: {' '.join(str(c) for c in sort_hand(pos, hand))}", ""]
    lines.append(f"Guaranteed? (one way of playing that makes the {goal} against every "
                 "distribution and every defence; exact)")
    if result.guaranteed:
        lines.append(f"  yes ({_positions(result.nodes)} searched)")
        if result.plan is None:
            why = "Plan: not written out: writing it (every defender card answered, each line checked) takes "
            if page_budget is None:
                lines.append(why + "more positions than --max-nodes; raise it to see the plan")
            else:
                lines.append(why + f"more than the {page_budget:,} positions this page searches; "
                             "`stichfest tout --max-nodes` can go further")
        else:
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
    assert ref is not None  # asked only of results not guaranteed, which carry a refutation
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
    out.extend("  " + t for t in render_tricks(pos, ref.line[0][0] if ref.line else pos.leader,
                                              [parse_card(c, pos.deck).index for _, c in ref.line],
                                              unfinished=True))
    if ref.alternatives:
        out.append("Each other card he could play there loses that trick too:")
        for alt in ref.alternatives:
            defence = ", ".join(f"seat {s} {c}" for s, c in alt["defence"])
            out.append(f"  {alt['declarer']}: {defence}  (with {' / '.join(alt['deal'])})")
    return out


# ---------------------------------------------------------------------------
# Puzzles (puzzle)
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
        hand = pos.deal[seat]
        assert hand is not None  # a puzzle's deal is fully known (pos.state() above needs it)
        now = [c for c in sort_hand(pos, hand) if st.hands[seat] >> c.index & 1]
        lines.append(f"  seat {seat}{mark} {' '.join(str(c) for c in now)}")
    lines.append("  (* declarer, + declaring side)" if len(party) > 1 else "  (* declarer)")
    sc = score(pos, p.target)
    lines.append(f"Score so far ({sc.played} of {sc.tricks} tricks played): declaring side "
                 f"{sc.of(sc.declaring)}, the others {sc.others}")
    lines.append(f"Goal: {sc.goal(p.goal)} for the declaring side: "
                 f"{sc.needed} more from the {sc.left} trick{'s' if sc.left != 1 else ''} left")
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


# ---------------------------------------------------------------------------
# Runs stopped early (Ctrl-C, SIGTERM, a dead worker)
def render_partial(stop: Stopped) -> str:
    """The line above a partial result: what stopped the run, and how far it got."""
    return f"Partial result: {stop}."
