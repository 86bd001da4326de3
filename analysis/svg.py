"""Printable SVG diagrams of puzzles: every hand, the trick on the table,
the score so far and the goal, the question, and the solution upside down
at the foot of the page.

Self-contained SVG 1.1 (no fonts, images or scripts beyond generic font
families); cards are drawn with their suit symbol in the suit's colour.
"""
from __future__ import annotations

import math
from xml.sax.saxutils import escape

from stichfest.cards import GERMAN, SUIT_SYMBOLS, Card
from stichfest.play import GameState

from .puzzle import Puzzle
from .render import contract_title, score, sort_hand

WIDTH, HEIGHT = 900, 680
CARD_W, CARD_H, CARD_STEP = 42, 60, 30
MARGIN = 8  # nothing is drawn closer to the page's edge
#: Suit colours: German Eichel, Gras, Herz, Schellen; French clubs, spades, hearts, diamonds.
COLOURS = {GERMAN: ("#7a4a12", "#2e7d32", "#c62828", "#d68a00"),
           "french": ("#111111", "#111111", "#c62828", "#c62828")}


def puzzle_svg(puzzle: Puzzle, number: int | None = None) -> str:
    """The diagram of ``puzzle`` as an SVG document (the player to move at the bottom)."""
    pos = puzzle.position
    st = pos.state()
    n = pos.n_seats
    mover = st.to_move
    cx, cy, rx, ry = WIDTH / 2, 340, 310, 215
    # the trick's cards on a wider ring where more seats play to it, so that
    # neighbours do not cover each other (six or eight in Scharwenzel)
    trick_rx, trick_ry = (80, 55) if n <= 4 else (150, 110)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
           f'<ellipse cx="{cx}" cy="{cy}" rx="{rx - 60}" ry="{ry - 70}" fill="#eef5ee" stroke="#9bb89b"/>']
    title = contract_title(pos) + (f" - puzzle {number}" if number is not None else "")
    out.append(_text(24, 32, title, size=20, weight="bold"))
    out.append(_text(24, 56, f"difficulty: {puzzle.difficulty.level}", size=13, fill="#555555"))
    out.extend(_score_box(puzzle))
    played_by = _trick_seats(st)
    for seat in range(n):
        angle = math.radians(90 + 360 * ((seat - mover) % n) / n)
        x, y = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        dealt = pos.deal[seat]
        assert dealt is not None  # a puzzle's deal is fully known
        hand = [c for c in sort_hand(pos, dealt) if st.hands[seat] >> c.index & 1]
        width = CARD_STEP * (len(hand) - 1) + CARD_W
        # a long hand at the side (Jass: 9 cards) is kept inside the page
        left = min(max(x - width / 2, MARGIN), WIDTH - MARGIN - width)
        x, top = left + width / 2, y - CARD_H / 2
        label = f"seat {seat}" + (" (declarer)" if seat == pos.declarer else
                                  " (partner)" if seat in pos.declaring_party else "")
        if seat == mover:
            label += " - to play"
        out.append(_text(x, top - 8, label, size=13, anchor="middle",
                         weight="bold" if seat == mover else "normal"))
        for i, card in enumerate(hand):
            out.append(_card(left + i * CARD_STEP, top, card))
        if seat in played_by:
            tx, ty = cx + trick_rx * math.cos(angle), cy + trick_ry * math.sin(angle)
            out.append(_card(tx - CARD_W / 2, ty - CARD_H / 2, played_by[seat], played=True))
    out.append(_text(WIDTH / 2, HEIGHT - 58, puzzle.question(), size=16, anchor="middle", weight="bold"))
    answer = f"Solution: {puzzle.solution} - " + ", ".join(f"{c} {v}" for c, v in puzzle.moves.items())
    out.append(_text(WIDTH / 2, HEIGHT - 22, answer, size=12, anchor="middle", fill="#666666",
                     rotate=(WIDTH / 2, HEIGHT - 26)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _score_box(puzzle: Puzzle) -> list[str]:
    """Top left, under the title: the tricks played, each side's points (or
    tricks) so far and the goal."""
    sc = score(puzzle.position, puzzle.target)
    left, top, step = 24, 86, 19
    rows = [(f"Score after {sc.played} of {sc.tricks} tricks:", "normal"),
            (f"declaring side {sc.declaring} {sc.unit}, the others {sc.others}", "normal"),
            (f"Goal: {sc.goal(puzzle.goal)}, {sc.needed} more", "bold")]
    return [_text(left, top + i * step, text, size=14, weight=weight)
            for i, (text, weight) in enumerate(rows)]


def _trick_seats(st: GameState) -> dict[int, Card]:
    return {(st.leader + i) % st.n_seats: Card(c, st.table.deck) for i, c in enumerate(st.trick)}


def _card(x: float, y: float, card: Card, played: bool = False) -> str:
    colour = COLOURS[card.deck][card.suit]
    symbol = SUIT_SYMBOLS[card.suit]
    return (f'<g class="{"card played" if played else "card"}"><rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{CARD_H}" rx="5" '
            f'fill="#ffffff" stroke="#333333"/>'
            + _text(x + 5, y + 16, card.rank, size=14, fill=colour, weight="bold")
            + _text(x + CARD_W / 2, y + CARD_H - 12, symbol, size=22, fill=colour, anchor="middle")
            + "</g>")


def _text(x: float, y: float, text: str, *, size: int, fill: str = "#000000", anchor: str = "start",
          weight: str = "normal", rotate: tuple[float, float] | None = None) -> str:
    turn = f' transform="rotate(180 {rotate[0]:.1f} {rotate[1]:.1f})"' if rotate else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{turn}>{escape(text)}</text>')
