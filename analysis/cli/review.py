"""``stichfest review``: where a played game was lost, card by card.

Wraps :func:`stichfest.analysis.review.review_game`; the trick-by-trick
text table and the ``--html`` page are rendered here (cards drawn with the
puzzle diagrams' SVG, :mod:`stichfest.analysis.svg`).
"""
from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from html import escape
from itertools import groupby
from typing import Any

import click

from stichfest import Position
from stichfest.analysis.errors import USER_ERRORS, InputError, one_line, require_folder
from stichfest.analysis.executor import (
    ProgressBar,
    Stopped,
    available_cores,
    open_executor,
    stopped,
)
from stichfest.analysis.render import contract_title, sort_hand
from stichfest.analysis.review import (
    DEFAULT_SAMPLES,
    INDISTINGUISHABLE_Z,
    PlayReview,
    Review,
    has_levels,
    level_name,
    load_record,
    review_game,
)
from stichfest.analysis.scoring import Level
from stichfest.analysis.svg import CARD_H, CARD_W, _card
from stichfest.cards import Card

from ._io import BatchOutput, decode_line, fail, read_lines, read_text, refuse_unused, user_errors
from .text import describe_value, render_position


def _review_line(line: bytes, information: bool, only_marked: bool, samples: int, seed: int, start: int) -> str:
    """Review one JSONL record; a bad line becomes ``{"error": ...}``, never an exception."""
    try:
        review = review_game(load_record(decode_line(line)), information=information, only_marked=only_marked,
                             samples=samples, seed=seed, start=start)
        return json.dumps(review.to_json(), ensure_ascii=False)
    except USER_ERRORS as e:
        return json.dumps({"error": one_line(e)}, ensure_ascii=False)


#: Records in flight on the executor at a time in a --jsonl batch (memory stays flat).
_IN_FLIGHT = 64


def _review_batch(lines: list[bytes], executor: Executor | None, args: tuple[Any, ...]) -> Iterator[str]:
    """Results in input order, each printed as soon as it and those before it are done."""
    if executor is None:
        for line in lines:
            yield _review_line(line, *args)
        return
    window: deque[Future[str]] = deque()
    try:
        for line in lines:
            window.append(executor.submit(_review_line, line, *args))
            if len(window) >= _IN_FLIGHT:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()
    finally:
        for f in window:
            f.cancel()


@click.command()
@click.argument("source", default="-", metavar="GAME.json")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: {\"value\", \"final\", \"start\", \"plays\": [...]}.")
@click.option("--jsonl", is_flag=True, help="Read one game record per line, print one review per line.")
@click.option("--html", "html_file", type=click.Path(dir_okay=False, writable=True), metavar="FILE",
              help="Also write the review as one self-contained HTML page.")
@click.option("--information", is_flag=True,
              help="Also judge each card from what its player saw (sampled hidden hands); a card "
                   "indistinguishable from the best by that estimate gets no mark.")
@click.option("--only-marked", is_flag=True,
              help="With --information: estimate only the cards double dummy marks (same marks, faster).")
@click.option("--samples", type=click.IntRange(min=1), default=DEFAULT_SAMPLES, show_default=True,
              help="With --information: sampled deals per card choice.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same numbers.")
@click.option("--start", type=click.IntRange(min=0), default=0, show_default=True,
              help="Review the cards from play[START] on (the earlier ones are history).")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Processes for --jsonl games and --information's estimates "
                   "(default: all cores with --information, else 1).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on the Dask cluster at ADDRESS (needs the dask extra).")
@click.pass_context
@user_errors
def review(ctx: click.Context, source: str, as_json: bool, jsonl: bool, html_file: str | None, information: bool,
           only_marked: bool, samples: int, seed: int, start: int, workers: int | None,
           scheduler: str | None) -> None:
    """Where a played game was lost: every card's double-dummy cost (GAME.json, or - for stdin).

    \b
    GAME.json is a position whose "play" lists the cards as played.  For every
    card: the value after each legal card of that moment (the units of solve),
    the cost of the card played for its player's side, and a mark:
    ? costs points, ?? costs the game (changes the outcome level); counted in
    tricks (Scharwenzel, a Tout), only ?? marks a card.
    """
    if html_file is not None and not html_file.strip():
        raise InputError("--html needs a file name")
    if jsonl and as_json:
        raise InputError("--json prints one object for one game; --jsonl prints one for each line")
    if not information:
        # options of the estimate from what each player saw: without it they would do nothing
        refuse_unused(ctx, {"only_marked": "--only-marked", "samples": "--samples", "seed": "--seed"},
                      "applies to --information's estimate; give --information too")
        if not jsonl:  # one game's double-dummy review runs in this process
            refuse_unused(ctx, {"scheduler": "--scheduler", "workers": "--workers"},
                          "applies to --jsonl batches and --information's estimates")
    if jsonl and html_file:
        raise InputError("--html writes one game's page; it does not take --jsonl")
    if html_file:
        require_folder(html_file)
    if workers is None:
        workers = available_cores() if information else 1
    if jsonl:
        numbers, lines = read_lines(source)
        batch = BatchOutput(numbers)
        progress = ProgressBar("reviewing games", len(lines), unit="games")
        try:
            with open_executor(workers, scheduler) as executor:
                for out in _review_batch(lines, executor, (information, only_marked, samples, seed, start)):
                    batch.echo(out)
                    progress.advance()
        except (KeyboardInterrupt, Stopped) as e:
            progress.close()
            raise stopped(e, None, batch.done, len(lines), "games") from None
        progress.close()
        batch.finish()
        return
    pos = load_record(read_text(source))
    progress = ProgressBar("reviewing", len(pos.play), unit="cards")
    with open_executor(workers if information else 1, scheduler if information else None) as executor:
        result = review_game(pos, information=information, only_marked=only_marked, samples=samples,
                             seed=seed, start=start, executor=executor, progress=progress)
    progress.close()
    # The review first: a page that cannot be written then loses nothing.
    click.echo(json.dumps(result.to_json(), ensure_ascii=False) if as_json else render_review(result))
    if html_file:
        try:
            with open(html_file, "w", encoding="utf-8") as f:
                f.write(render_review_html(result))
        except OSError as e:
            fail(f"cannot write {html_file}: {e.strerror}")


# ---------------------------------------------------------------------------
# The text table
def units(pos: Position) -> str:
    return "tricks" if pos.scores_tricks else "points"


def _tricks(review: Review) -> list[tuple[int, int | None, list[PlayReview]]]:
    """``(trick number, winner or None while open, plays)`` of the reviewed plays."""
    history = review.position.state().history
    out = []
    for number, plays in groupby(review.plays, key=lambda p: p.trick):
        winner = history[number - 1][2] if number - 1 < len(history) else None
        out.append((number, winner, list(plays)))
    return out


def _side(pos: Position, seat: int) -> str:
    if pos.kind.against_all:
        return "the seat under study" if seat == pos.declarer else "against it"
    return "declarers" if seat in pos.declaring_party else "defenders"


def _first_tricks(pos: Position, level: Level | None, label: str) -> str:
    """Scharwenzel's "für die ersten", which the trick count does not show:
    ``label`` and ``level``, where it is one of the first tricks."""
    if pos.game != "scharwenzel" or level not in (Level.WON_FIRST_TRICKS, Level.LOST_FIRST_TRICKS):
        return ""
    return f"; {label}: {level_name(pos, level)}"


def _summary_values(review: Review) -> tuple[str, str]:
    """The value before the first reviewed card and after the last, told in
    the game's terms, "für die ersten" included (text and HTML say the same)."""
    pos = review.position
    best = review.plays[0].best_level if review.plays else None
    reached = review.plays[-1].level if review.plays else None
    return (_describe_start(review) + _first_tricks(pos, best, "the best outcome"),
            describe_value(pos, review.final) + _first_tricks(pos, reached, "the outcome"))


def _final_label(review: Review) -> str:
    return "As played" if review.complete else "After the record's last card (double dummy)"


def _level_change(pos: Position, play: PlayReview) -> str:
    if play.level == play.best_level:
        return ""
    return f"{level_name(pos, play.best_level)} -> {level_name(pos, play.level)}"


def _values_text(pos: Position, play: PlayReview) -> str:
    if play.forced:
        return "(only card)"
    return "  ".join(f"{c}{'*' if c in play.best else ''} {v}" for c, v in play.values.items())


def _info_text(play: PlayReview) -> str:
    info = play.information
    if info is None:
        return ""
    if info.samples == 0:
        return "info: -"
    mark = f" {info.mark}" if info.mark else ""
    if info.mark and play.dd_mark is None:
        # the estimate only withdraws double dummy's marks, never adds one
        mark = f" (would be {info.mark}; no mark, as the card costs nothing double dummy)"
    return f"info: best {info.best}, cost {info.cost:.1f} ± {info.stderr:.1f}{mark}"


def _describe_start(review: Review) -> str:
    """The double-dummy value before the first reviewed card, told from that
    position (not from the record's tricks, which describe the game as
    played); Jass's match of the other team at 0 from the best card's level."""
    pos = review.position
    start = pos.with_play(pos.play[:review.start])
    their_match = None
    if pos.game == "jass" and review.value == 0 and review.plays:
        their_match = review.plays[0].best_level == Level.LOST_SCHWARZ
    return describe_value(start, review.value, their_match=their_match)


def render_review(review: Review) -> str:
    pos = review.position
    lines = [render_position(pos), ""]
    start = f"before play[{review.start}]" if review.start else "before the first card"
    before, after = _summary_values(review)
    lines.append(f"Double dummy {start}: {before}")
    lines.append(f"{_final_label(review)}: {after}")
    if pos.scores_tricks:  # only the level pays: no "?" for a trick beyond it
        lines.append(f"cost: {units(pos)} given up by the player's own side against the card of most;  "
                     "?? changes the outcome level (tricks beyond it pay nothing);  * best card")
    else:
        lines.append(f"cost: {units(pos)} lost for the player's own side against the best card;  "
                     "? costs points, ?? changes the outcome level;  * best card")
    if review.information:
        lines.append("info: the estimate from what the player saw (mean cost ± standard error); a card "
                     f"within {INDISTINGUISHABLE_Z:.2f} standard errors of the best gets no mark (double dummy's "
                     "mark in brackets)")
    levels = has_levels(pos)
    width = max((len(_level_change(pos, p)) + 2 for p in review.plays if levels), default=0)
    for number, winner, plays in _tricks(review):
        leader = plays[0].seat if plays[0].index % pos.n_seats == 0 else None
        head = f"Trick {number}"
        if leader is not None:
            head += f", seat {leader} leads"
        if winner is not None:
            head += f", won by seat {winner}"
        lines += ["", head]
        for p in plays:
            mark = p.mark or (f"({p.dd_mark})" if p.dd_mark else "")
            cost = str(p.cost) if p.cost else ""
            level = _level_change(pos, p) if levels else ""
            row = f"  seat {p.seat}  {str(p.card):<4} {mark:<4} {cost:>4}  {level:<{width}}{_values_text(pos, p)}"
            lines.append(row.rstrip())
            if p.information is not None and not p.forced:
                lines.append(f"  {'':24}{'':<{width}}{_info_text(p)}")
    marked = review.marked()
    lines.append("")
    if not marked:
        lines.append("No card marked.")
    else:
        lines.append(f"Marked cards ({len(marked)}):")
        for p in marked:
            lines.append(f"  trick {p.trick}, seat {p.seat} ({_side(pos, p.seat)}): {p.card} {p.mark} "
                         f"cost {p.cost}, best {' '.join(map(str, p.best))}")
    costs = review.side_costs()
    if not pos.kind.against_all:
        lines.append(f"Cost by side: declarers {costs[True]}, defenders {costs[False]} {units(pos)}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# The HTML page
_CSS = """
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; } h2 { font-size: 1.05em; margin: 1.2em 0 0.4em; }
.hands td { padding: 2px 8px; vertical-align: middle; }
table.tricks { border-collapse: collapse; }
table.tricks td { border: 1px solid #ccc; padding: 6px; vertical-align: top; width: 150px; }
table.tricks th { text-align: left; padding: 6px; font-weight: normal; color: #555; }
.seat { font-size: 0.8em; color: #555; }
.winner { background: #f3f8f3; }
.mark { font-weight: bold; font-size: 1.1em; padding: 0 4px; border-radius: 3px; }
.m1 { background: #ffe08a; } .m2 { background: #f28b82; color: #fff; }
.withdrawn { color: #888; font-weight: normal; }
.values { font-size: 0.75em; color: #444; margin-top: 3px; }
.best { font-weight: bold; color: #2e7d32; }
.info { font-size: 0.75em; color: #555; margin-top: 3px; font-style: italic; }
.legend { font-size: 0.85em; color: #555; }
svg.card { vertical-align: middle; }
"""


def card_svg(card: Card) -> str:
    """One card as an inline SVG element (the drawing of the puzzle diagrams)."""
    return (f'<svg class="card" xmlns="http://www.w3.org/2000/svg" width="{CARD_W + 2}" height="{CARD_H + 2}" '
            f'viewBox="-1 -1 {CARD_W + 2} {CARD_H + 2}" font-family="sans-serif" role="img" '
            f'aria-label="{escape(str(card))}">{_card(0, 0, card)}</svg>')


def _mark_html(mark: str | None) -> str:
    if not mark:
        return ""
    return f'<span class="mark {"m2" if mark == "??" else "m1"}">{escape(mark)}</span>'


def _withdrawn_html(dd_mark: str) -> str:
    """A double-dummy mark the information estimate withdrew: in brackets
    and grey, as the text output shows it."""
    return (f'<span class="mark withdrawn" title="double dummy marks it {escape(dd_mark)}; withdrawn: '
            f'no worse than the best from what the player saw">({escape(dd_mark)})</span>')


def _play_mark_html(p: PlayReview) -> str:
    return _withdrawn_html(p.dd_mark) if p.dd_mark and not p.mark else _mark_html(p.mark)


def _cell(pos: Position, p: PlayReview, winner: int | None) -> str:
    cls = ' class="winner"' if winner == p.seat else ""
    parts = [f'<td{cls}><div class="seat">seat {p.seat} ({escape(_side(pos, p.seat))})</div>',
             card_svg(p.card), _play_mark_html(p)]
    if p.cost:
        parts.append(f" cost {p.cost}")
    if p.level != p.best_level and p.level is not None:
        parts.append(f'<div class="values">{escape(level_name(pos, p.best_level))} &rarr; '
                     f'{escape(level_name(pos, p.level))}</div>')
    if not p.forced:
        vals = " ".join(f'<span class="best">{c}&nbsp;{v}</span>' if c in p.best else f"{c}&nbsp;{v}"
                        for c, v in p.values.items())
        parts.append(f'<div class="values">{vals}</div>')
        if p.information is not None:
            parts.append(f'<div class="info">{escape(_info_text(p))}</div>')
    parts.append("</td>")
    return "".join(parts)


def render_review_html(review: Review) -> str:
    """The review as one self-contained HTML page (no external resources)."""
    pos = review.position
    title = f"Review: {contract_title(pos)}"
    before, after = _summary_values(review)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
           f"<h1>{escape(title)}</h1>",
           f"<p>Declarer seat {pos.declarer}, seat {pos.leader} leads.  Double dummy "
           f"{'before play[' + str(review.start) + ']' if review.start else 'before the first card'}: "
           f"{escape(before)}; {_final_label(review).lower()}: {escape(after)}.</p>",
           '<table class="hands">']
    for seat, hand in enumerate(pos.deal):
        role = "declarer" if seat == pos.declarer else ("partner" if seat in pos.declaring_party
                                                        and not pos.kind.against_all else "")
        cards = "".join(card_svg(c) for c in sort_hand(pos, hand or ()))
        out.append(f"<tr><td>seat {seat} {escape(role)}</td><td>{cards}</td></tr>")
    out.append("</table>")
    if pos.scores_tricks:  # only the level pays (see render_review)
        marks = (f"against the card of most, and the double-dummy value after every legal card (best in green). "
                 f'{_mark_html("??")} changes the outcome level; tricks beyond it pay nothing.')
    else:
        marks = ("against the best card, and the double-dummy value after every legal card (best in green). "
                 f'{_mark_html("?")} costs points, {_mark_html("??")} changes the outcome level.')
    out.append(f'<p class="legend">Under each card: its cost in {units(pos)} for the player\'s own side {marks}'
               + (" <i>info</i>: the estimate from what the player saw; a double-dummy mark it withdraws "
                  f'stays in grey brackets: {_withdrawn_html("?")}' if review.information else "")
               + "</p>")
    out.append('<table class="tricks">')
    for number, winner, plays in _tricks(review):
        head = f"Trick {number}" + (f"<br>won by seat {winner}" if winner is not None else "")
        out.append(f"<tr><th>{head}</th>{''.join(_cell(pos, p, winner) for p in plays)}</tr>")
    out.append("</table>")
    marked = review.marked()
    out.append(f"<h2>Marked cards: {len(marked)}</h2><ul>")
    for p in marked:
        out.append(f"<li>trick {p.trick}, seat {p.seat}: {escape(str(p.card))} {_mark_html(p.mark)} "
                   f"cost {p.cost}, best {escape(' '.join(map(str, p.best)))}</li>")
    out.append("</ul></body></html>")
    return "\n".join(out) + "\n"
