"""Jass trump endings where a trick-start bound of the search is tight.

The bounds of solver/_bounds.pxd that end a node at a trick start,
without a search below it:

* ``forced_points`` (from ``sure_points`` and ``top_trump_run``; in Jass,
  two against two counting points, ``trump_tricks`` gives nothing): the
  top run of trumps lands in its side's tricks, with the other side's
  cheapest cards: ``lo`` for the counted side, ``lost`` (with the match
  bonus while it is alive) for the other;
* ``sure_tricks``: the leader's top trumps (and, trumps drawn, his
  trumps and top plain runs) with every other seat's cheapest cards;
* ``lead_kept``: the exact value where the side not leading keeps the
  lead to the end (a seat holding a trump and only plain cards of the
  top runs of their suits).

The cross-check's random endings are rarely within 3 points of these
bounds, so a bound 3 points too tight in Jass passed it.  Here each
ending is at a trick start, 3 or 4 tricks from the end, where the exact
value lies within 0 to 2 points of the bound (``lead_kept``: where one
plain card of the seat is below another seat's card of its suit, so the
shortcut does not hold, and where it does).  They were found by a seeded
search over random endings (the bound computed as here, the value by the
reference) and frozen below, with the bound and its distance from the
value.  A fresh solver's first node is the ending itself: ``reaches`` at
the value and one above it test the bound there directly, in the
null window where 3 points too tight changes the answer.
"""
from __future__ import annotations

from functools import cache
from typing import NamedTuple

import pytest
from reference import Game, reference_solve

from stichfest import Position, Solver

LAST_TRICK, MATCH = 5, 100  # [JA] Last trick and match


class Ending(NamedTuple):
    bound: str     # "lost", "lo", "sure", "kept" (lead_kept holds) or "not_kept" (it does not)
    gap: int       # how far the exact value lies from the bound
    declarer: int
    leader: int
    trump: str
    deal: tuple[str, str, str, str]
    play: str


def _json(e: Ending) -> dict:
    return {"game": "jass", "contract": "trump", "trump": e.trump, "declarer": e.declarer,
            "leader": e.leader, "deal": list(e.deal), "play": e.play.split()}


ENDINGS: list[Ending] = [
    # lost 0, 4 tricks: top run SK of the defenders: value 49 = hi 53 - lost 4 - 0
    Ending("lost", 0, 1, 3, "S",
           ("CA CK SA S7 H8 H7 H6 DK D6", "CJ C8 S10 S8 S6 HA DA DJ D9",
            "C10 C7 SK SQ S9 HK HQ H10 D7", "CQ C9 C6 SJ HJ H9 DQ D10 D8"),
           "C6 SA C8 S9 C7 SJ CK CJ DQ DK D9 D7 S7 S10 SQ D10 C10 C9 CA DJ"),
    # lost 0, 3 tricks: top run H10 of the defenders: value 36 = hi 48 - lost 12 - 0
    Ending("lost", 0, 0, 2, "H",
           ("SA S10 HQ H9 H8 DA DK DJ D9", "CK CQ C6 SK S9 S6 H10 H6 D6",
            "CA CJ C10 SJ S7 HA H7 D8 D7", "C9 C8 C7 SQ S8 HK HJ DQ D10"),
           "S7 HK S10 S6 SQ HQ SK HA C10 C8 SA C6 D8 DQ DK D6 H9 H6 H7 HJ D10 DJ S9 D7"),
    # lost 0, 3 tricks, match alive: top run D9 of the defenders: value 39 = hi 153 - lost 114 - 0
    Ending("lost", 0, 2, 0, "D",
           ("SK S7 HA HQ H6 DA DQ DJ D6", "CK CQ CJ C9 C8 SJ S8 H9 D9",
            "C10 C7 SA S10 S9 HK H10 H7 D10", "CA C6 SQ S6 HJ H8 DK D8 D7"),
           "S7 SJ D10 S6 S9 DK DJ S8 SK CK SA SQ C10 D8 DQ CQ HA H9 HK HJ HQ C8 H10 H8"),
    # lost 1, 3 tricks: top run S9 of the defenders: value 40 = hi 58 - lost 17 - 1
    Ending("lost", 1, 0, 0, "S",
           ("CA CQ SK SQ S10 HK HQ H7 H6", "C10 C7 C6 SJ S8 H9 D9 D8 D7",
            "C9 C8 SA S7 S6 H8 DK DJ D10", "CK CJ S9 HA HJ H10 DA DQ D6"),
           "CQ S8 C8 CK D8 DJ DQ H7 DA SQ D7 SA C9 CJ SK C7 H6 SJ H8 HJ C10 DK H10 S10"),
    # lost 1, 4 tricks, match alive: top run C9 CK of the defenders: value 55 = hi 176 - lost 120 - 1
    Ending("lost", 1, 1, 3, "C",
           ("C9 C6 SK SJ S10 HK H9 DJ D10", "CA C8 C7 S9 S7 S6 H8 DK D7",
            "CK SQ S8 HQ H6 DA DQ D9 D8", "CQ CJ C10 SA HA HJ H10 H7 D6"),
           "H7 HK CA HQ DK D8 D6 D10 S6 SQ CJ SK SA C6 C7 S8 H8 H6 HA H9"),
    # lost 2, 3 tricks: top run D9 of the defenders: value 17 = hi 33 - lost 14 - 2
    Ending("lost", 2, 0, 1, "D",
           ("CA CK CJ C10 SA S8 H6 DQ D6", "C9 C7 S10 S9 S6 H8 DJ D10 D8",
            "C8 C6 SJ HK HQ H10 DA DK D7", "CQ SK SQ S7 HA HJ H9 H7 D9"),
           "S6 SJ SK SA H6 DJ HK H9 S10 DA S7 S8 H10 H7 CK D10 S9 HQ SQ CA HA C10 D8 C8"),
    # lost 2, 3 tricks: top run CQ of the defenders: value 36 = hi 41 - lost 3 - 2
    Ending("lost", 2, 1, 3, "C",
           ("CA CK S9 H9 H8 DJ D10 D9 D8", "CJ SA S6 HK HJ H10 H7 H6 D7",
            "CQ C9 C6 SJ S7 HQ DA DK DQ", "C10 C8 C7 SK SQ S10 S8 HA D6"),
           "SK CK SA C9 SJ C7 S9 CJ HJ C6 HA CA H8 H7 HQ S10 DA D6 D10 D7 S7 SQ D9 S6"),
    # lost 2, 3 tricks, match alive: top run D9 of the defenders: value 33 = hi 151 - lost 116 - 2
    Ending("lost", 2, 1, 3, "D",
           ("CA CK CJ C9 C8 C6 SQ S6 D7", "CQ C7 SJ HA HJ H9 H7 DK DJ",
            "S9 S8 S7 HQ H10 H6 DQ D9 D8", "C10 SA SK S10 HK H8 DA D10 D6"),
           "SA S6 DK S7 H9 HQ HK SQ S10 CK DJ S9 SJ DQ DA CA C10 C8 C7 S8 D10 D7 H7 D8"),
    # lo 0, 3 tricks: top run SA of the declaring team: value 14 = lo 14 + 0
    Ending("lo", 0, 3, 1, "S",
           ("CK SK SJ S6 HK H10 H9 H8 H6", "C9 C6 SQ S9 H7 DQ D10 D9 D7",
            "CA CQ C8 C7 S10 S8 HA DA DK", "CJ C10 SA S7 HQ HJ DJ D8 D6"),
           "DQ DK D6 SJ HK S9 HA HQ D10 S10 DJ H6 S8 S7 SK SQ H9 H7 C7 HJ CJ CK C9 C8"),
    # lo 0, 4 tricks: top run S9 of the declaring team: value 14 = lo 14 + 0
    Ending("lo", 0, 3, 3, "S",
           ("CA CK C9 SA SQ S10 S8 DA DJ", "CQ C10 C8 S6 HA HJ H10 H7 H6",
            "C7 C6 SK SJ HK HQ DK DQ D6", "CJ S9 S7 H9 H8 D10 D9 D8 D7"),
           "D7 S10 HA SK D6 D9 DA HJ CK CQ SJ CJ HK S7 SQ H6 CA C8 C7 H8"),
    # lo 1, 3 tricks: top run CA of the declaring team: value 14 = lo 13 + 1
    Ending("lo", 1, 1, 0, "C",
           ("CK CQ C8 SA SK SJ HQ DK D7", "CA C10 C9 S10 S6 HJ H8 DA D6",
            "C6 SQ S9 S8 H9 H6 DQ D9 D8", "CJ C7 S7 HA HK H10 H7 DJ D10"),
           "DK C9 D8 D10 H8 C6 HA CK D7 DA D9 DJ S6 S9 S7 SK C8 C10 SQ CJ H10 HQ HJ H6"),
    # lo 2, 3 tricks: top run C10 of the declaring team: value 12 = lo 10 + 2
    Ending("lo", 2, 1, 3, "C",
           ("CQ C9 C8 C7 SK SQ SJ DA D10", "CA CJ C10 S8 S7 HQ HJ H7 H6",
            "SA S10 S9 HA HK H10 H9 DK D9", "CK C6 S6 H8 DQ DJ D8 D7 D6"),
           "H8 SQ HQ HK SA CK C9 S8 SJ CA S9 S6 HJ H10 D8 SK CJ S10 C6 C7 S7 H9 DQ CQ"),
    # lo 2, 3 tricks: top run H10 of the declaring team: value 12 = lo 10 + 2
    Ending("lo", 2, 3, 0, "H",
           ("CA CJ C9 C8 HK H8 H7 H6 DA", "CQ C10 C6 S8 HJ H10 DK DQ DJ",
            "CK SQ S9 S7 HA H9 D10 D8 D7", "C7 SA SK SJ S10 S6 HQ D9 D6"),
           "CJ CQ H9 C7 S7 SK DA HJ DK D7 D6 C9 C6 HA S10 CA SQ SA HK S8 C8 C10 CK HQ"),
    # sure 0, 3 tricks: the defenders lead: value 27 = hi 66 - sure 39 - 0
    Ending("sure", 0, 2, 2, "S",
           ("CA CJ SK S8 HJ H10 H9 H8 D6", "C9 C7 C6 SJ S10 S9 HQ DQ DJ",
            "CK CQ C10 SQ S7 HA H7 H6 D10", "C8 SA S6 HK DA DK D9 D8 D7"),
           "C10 S6 SK C6 H8 S10 H6 HK C7 CK SA CJ D9 D6 S9 D10 DJ S7 DK H9 H7 DA HJ HQ"),
    # sure 0, 3 tricks: the declaring team leads: value 25 = sure 25 + 0
    Ending("sure", 0, 2, 2, "C",
           ("CJ C6 S9 S7 S6 HK HJ DJ D9", "CQ C9 SA H10 H9 DK DQ D10 D6",
            "CA CK C10 C8 SK SJ HA DA D8", "C7 SQ S10 S8 HQ H8 H7 H6 D7"),
           "D8 D7 CJ DK DJ DQ C10 H6 SK S10 S7 SA H9 C8 HQ HK CK C7 C6 C9 H10 HA H8 HJ"),
    # sure 0, 3 tricks, match alive: the declaring team leads: value 10 = sure 10 + 0
    Ending("sure", 0, 2, 0, "C",
           ("CQ C10 C8 S10 S6 HK H9 H8 DQ", "SK SJ S8 S7 HA HQ H7 DK D6",
            "CA CK CJ C9 C7 H10 H6 D9 D8", "C6 SA SQ S9 HJ DA DJ D10 D7"),
           "H8 H7 CK HJ C7 C6 CQ D6 S6 S7 CJ SA CA D7 C8 DK H6 D10 C10 HQ HK HA C9 SQ"),
    # sure 1, 3 tricks: the defenders lead: value 30 = hi 37 - sure 6 - 1
    Ending("sure", 1, 2, 2, "S",
           ("C10 C6 S9 S8 HA HJ DQ DJ D9", "C8 C7 SK S7 HK H10 H9 H8 D7",
            "CA CQ CJ SQ S10 H7 DA D10 D6", "CK C9 SA SJ S6 HQ H6 DK D8"),
           "CQ CK C6 SK S7 SQ SJ S9 D8 DJ D7 D6 HA HK S10 HQ D10 S6 D9 H10 SA S8 H8 DA"),
    # sure 1, 3 tricks: the declaring team leads: value 15 = sure 14 + 1
    Ending("sure", 1, 0, 0, "D",
           ("CA C10 S8 HA HK H10 DK DJ D9", "CQ CJ SJ S7 S6 HJ H9 H7 D6",
            "CK C9 C8 C6 S10 S9 H8 H6 DA", "C7 SA SK SQ HQ DQ D10 D8 D7"),
           "D9 D6 DA DQ CA CJ CK D8 SK S8 S7 S9 SQ HA SJ S10 HQ HK H7 H8 DJ HJ C9 D10"),
    # sure 2, 4 tricks: the defenders lead: value 33 = hi 61 - sure 26 - 2
    Ending("sure", 2, 2, 0, "C",
           ("SA SK SJ S10 S7 HK H8 H7 DK", "CA CJ C7 C6 SQ HA DA D8 D7",
            "CQ C9 C8 HQ HJ H9 DJ D10 D9", "CK C10 S9 S8 S6 H10 H6 DQ D6"),
           "H8 CJ H9 H10 D7 CQ DQ DK D9 C10 SA DA CK HK C7 C9 DJ D6 S7 C6"),
    # sure 2, 3 tricks: the declaring team leads: value 5 = sure 3 + 2
    Ending("sure", 2, 0, 1, "D",
           ("CQ C9 SQ SJ S7 H10 H8 DQ D8", "C10 C7 C6 SA SK S10 HA DJ D9",
            "CA CJ C8 S6 H9 H7 H6 D10 D7", "CK S9 S8 HK HQ HJ DA DK D6"),
           "D9 D10 D6 D8 SK D7 DA SQ HK H8 DJ H7 C10 CJ CK C9 DK DQ HA CA S8 SJ S10 S6"),
    # sure 2, 3 tricks, match alive: the declaring team leads: value 18 = sure 16 + 2
    Ending("sure", 2, 1, 0, "D",
           ("CQ C10 S10 S6 HJ H8 H6 D8 D6", "C6 SQ S9 S7 HA H10 H9 DQ DJ",
            "CK CJ SA SJ S8 HK H7 DK D7", "CA C9 C8 C7 SK HQ DA D10 D9"),
           "HJ DQ HK DA D10 D8 HA D7 C7 D6 DJ CJ H10 H7 HQ H8 D9 H6 S9 DK SK S6 SQ S8"),
    # not_kept 2, 3 tricks: the defenders lead without trumps, the other side's trumps held with a plain
    # card below the top (seat 0 H6): value 44, 2 from lead_kept's
    Ending("not_kept", 2, 2, 3, "C",
           ("CA CQ C9 C6 H6 DA DK DQ D6", "C8 SJ S7 S6 HA HJ H9 D9 D8",
            "C7 SA SK SQ S10 S9 HK HQ D10", "CK CJ C10 S8 H10 H8 H7 DJ D7"),
           "CK C6 C8 C7 H10 C9 HJ HK CA D8 HQ C10 DQ D9 D10 CJ S8 D6 S6 SK S10 H8 DK SJ"),
    # not_kept 2, 3 tricks, match alive: the declaring team leads without trumps, the other side's trumps
    # held with a plain card below the top (seat 3 C9): value 2, 2 from lead_kept's
    Ending("not_kept", 2, 2, 2, "D",
           ("CK C10 C7 S9 HA H8 DQ D9 D7", "CQ CJ C8 SK HQ H9 H7 H6 D8",
            "C6 SJ S7 S6 HK H10 DA DK D6", "CA C9 SA SQ S10 S8 HJ DJ D10"),
           "DK D10 D7 D8 S6 S10 DQ SK D9 CQ D6 HJ HA H6 H10 S8 H8 HQ DA SA HK SQ C7 H7"),
    # not_kept 3, 4 tricks: the declaring team leads without trumps, the other side's trumps held with a
    # plain card below the top (seat 2 C7): value 3, 3 from lead_kept's
    Ending("not_kept", 3, 3, 3, "H",
           ("CJ C8 SA SJ S10 S6 H7 D10 D6", "CQ C10 C6 SK S9 S7 HK DK D8",
            "CA C7 SQ HQ HJ H10 H8 H6 DQ", "CK C9 S8 HA H9 DA DJ D9 D7"),
           "DJ D6 HK HJ SQ HA SJ SK DA D10 D8 DQ D7 C8 DK H6 HQ H9 H7 C10"),
    # not_kept 4, 3 tricks: the defenders lead without trumps, the other side's trumps held with a plain
    # card below the top (seat 1 C6): value 30, 4 from lead_kept's
    Ending("not_kept", 4, 3, 3, "S",
           ("CK SA SK S9 HK H6 DK DJ D8", "C7 C6 SJ S8 S7 S6 HA HQ H10",
            "CJ C8 SQ S10 H9 H8 H7 DQ D10", "CA CQ C10 C9 HJ DA D9 D7 D6"),
           "CA S9 SJ CJ S6 S10 D6 SK D8 H10 SQ DA H7 HJ SA HQ DK HA DQ D7 HK C7 H8 D9"),
    # not_kept 5, 4 tricks, match alive: the declaring team leads without trumps, the other side's trumps
    # held with a plain card below the top (seat 0 DJ): value 5, 5 from lead_kept's
    Ending("not_kept", 5, 1, 2, "H",
           ("C10 S9 HK HQ HJ H7 DA DJ D7", "CQ SQ SJ S8 HA DK DQ D9 D8",
            "CA CK CJ C7 SA S10 S7 H6 D10", "C9 C8 C6 SK S6 H10 H9 H8 D6"),
           "CK H8 C10 CQ H10 HQ HA H6 DK D10 D6 D7 SJ SA H9 S9 S6 DA SQ S10"),
    # not_kept 16, 3 tricks: the defenders lead without trumps, the other side's trumps held with a plain
    # card below the top (seat 3 SJ): value 63, 16 from lead_kept's
    Ending("not_kept", 16, 3, 1, "C",
           ("SQ S9 S8 H8 H6 DK DQ DJ D8", "CA CK C8 SK HK HQ H7 D9 D7",
            "CQ C7 SA S6 HJ H9 DA D10 D6", "CJ C10 C9 C6 SJ S10 S7 HA H10"),
           "C8 C7 C9 SQ C10 H6 CK CQ D9 DA S10 DJ H9 H10 H8 H7 C6 S9 CA S6 D7 D6 S7 D8"),
    # not_kept 10, 3 tricks: the declaring team leads without trumps, the other side's trumps held with a
    # plain card below the top (seat 1 DJ): value 10, 10 from lead_kept's
    Ending("not_kept", 10, 0, 3, "H",
           ("CQ C9 C6 SQ S8 HQ H10 H7 D9", "CA CK CJ S10 HJ H9 H6 DJ D7",
            "C10 SJ S6 HA DA DK DQ D10 D6", "C8 C7 SA SK S9 S7 HK H8 D8"),
           "S7 SQ HJ SJ D7 DA D8 H7 HQ H9 HA H8 CK C10 C8 C9 CA D10 HK CQ S9 H10 S10 S6"),
    # kept 0, 3 tricks: the defenders lead without trumps, the other side keeps the lead (lead_kept
    # exact): value 30
    Ending("kept", 0, 1, 0, "S",
           ("C9 C8 C7 SQ S10 H7 DK D9 D6", "CA CJ C6 SJ S8 S7 S6 DA D10",
            "C10 SA S9 HQ H10 H9 DQ DJ D7", "CK CQ SK HA HK HJ H8 H6 D8"),
           "D9 SJ DJ D8 CJ S9 CK C8 H10 HJ S10 CA C9 C6 SA CQ H9 H6 H7 D10 C10 HK SQ DA"),
    # kept 0, 3 tricks: the declaring team leads without trumps, the other side keeps the lead (lead_kept
    # exact): value 0
    Ending("kept", 0, 0, 3, "D",
           ("CA SA SK S7 HA HQ H6 DK D7", "C9 C8 HJ H10 H9 DQ DJ D10 D8",
            "CQ SJ S9 S8 S6 HK H7 D9 D6", "CK CJ C10 C7 C6 SQ S10 H8 DA"),
           "CJ DK C8 CQ SK D10 SJ SQ HJ D9 H8 HQ S8 S10 SA H9 HA DQ HK CK C9 D6 C6 D7"),
]


@cache
def _reference(i: int) -> dict:
    return reference_solve(_json(ENDINGS[i]))


def _cheapest(game: Game, hand, k: int) -> int:
    return sum(sorted(game.card_points[c] for c in hand)[:k])


def bounds(pos: dict) -> dict:
    """The trick-start bounds of ``pos`` on the future value (what the
    declaring team wins from here on), computed from the rules ([JA] Mode
    table, [JA] Jass trump rules, [JA] Last trick and match) as
    solver/_bounds.pxd states them."""
    game = Game(pos)
    st = game.initial_state()
    for card in pos["play"]:
        st = game.play(st, card)
    assert not st.trick and sum(map(len, st.hands)) >= 12
    party = game.declaring_seats()
    hands = st.hands
    owner = {c: s for s, h in enumerate(hands) for c in h}
    match_alive = sum(st.tricks[s] for s in party) == sum(st.tricks)
    match = MATCH if match_alive else 0
    out = {"so_far": sum(st.points[s] for s in party), "leader": st.leader,
           "hi": sum(game.card_points[c] for c in owner) + LAST_TRICK + match,  # upper_bound
           "lo": 0, "lost": 0, "sure": None, "outside": None, "run": []}
    trumps = [t for t in game.trumps if t in owner]  # strongest first

    # top_trump_run: the top trumps held by one side, each seat's k of them
    # in k tricks, into which each seat of the other side plays its k
    # cheapest cards at least
    if trumps:
        side = owner[trumps[0]] % 2
        run = []
        for t in trumps:
            if owner[t] % 2 != side:
                break
            run.append(t)
        k = max(sum(owner[t] == s for t in run) for s in range(4))
        sure = sum(game.card_points[t] for t in run) + sum(
            _cheapest(game, hands[s], k) for s in range(4) if s % 2 != side)
        out["run"] = run
        if side in {s % 2 for s in party}:
            out["lo"] = sure
        else:
            out["lost"] = sure + match

    # sure_tricks: the leader's top trumps; where they draw every other
    # seat's trumps, all his trumps and the top runs of his plain suits
    leader = st.leader
    own = hands[leader]
    r = 0
    while r < len(trumps) and owner[trumps[r]] == leader:
        r += 1
    most = max(sum(game.is_trump(c) for c in hands[s]) for s in range(4) if s != leader)
    if r >= most:
        cashed = [c for c in own if game.is_trump(c)]
        for suit in "CSHD":
            plain = sorted((c for c in owner if c[0] == suit and not game.is_trump(c)),
                           key=game.plain_index.__getitem__)
            while plain and owner[plain[0]] == leader:
                cashed.append(plain.pop(0))
    else:
        cashed = trumps[:r]
    if cashed:
        n = len(cashed)
        out["sure"] = (sum(game.card_points[c] for c in cashed)
                       + sum(_cheapest(game, hands[s], n) for s in range(4) if s != leader)
                       + (LAST_TRICK if n >= len(own) else 0))
        if leader not in party:
            out["sure"] += match

    # lead_kept: the leading side holds no trump; per seat of the other
    # side holding one, how many of its plain cards lie below another
    # seat's card of their suit (none: that side keeps the lead)
    if not any(game.is_trump(c) for s in range(4) if s % 2 == leader % 2 for c in hands[s]):
        out["outside"] = {
            s: sum(any(d[0] == c[0] and not game.is_trump(d) and owner[d] != s
                       and game.plain_index[d] < game.plain_index[c] for d in owner)
                   for c in hands[s] if not game.is_trump(c))
            for s in range(4) if s % 2 != leader % 2 and any(game.is_trump(c) for c in hands[s])}
    return out


def _distance(e: Ending, b: dict, future: int) -> int:
    """How far ``future`` (the exact future value) lies from ``e``'s bound."""
    counted_leads = b["leader"] % 2 == e.declarer % 2
    if e.bound == "lost":
        return b["hi"] - b["lost"] - future
    if e.bound == "lo":
        return future - b["lo"]
    if e.bound == "sure":
        return future - b["sure"] if counted_leads else b["hi"] - b["sure"] - future
    kept = 0 if counted_leads else b["hi"]  # lead_kept's exact value
    return abs(future - kept)


@pytest.mark.parametrize("i", range(len(ENDINGS)), ids=lambda i: f"{ENDINGS[i].bound}-{i}")
def test_the_ending_lies_where_its_bound_is_tight(i):
    """Each ending still tests what it is here for: the reference's exact
    value lies ``gap`` points from the bound (at most 2, for the bounds;
    ``lead_kept``: exactly one plain card of a seat is below another
    seat's card of its suit, the shortcut's value is ``gap`` points off;
    or the shortcut holds), the bound computed from [JA] Mode table,
    [JA] Jass trump rules and [JA] Last trick and match."""
    e = ENDINGS[i]
    pos = _json(e)
    b = bounds(pos)
    future = _reference(i)["value"] - b["so_far"]
    assert 0 < future < b["hi"] or e.bound == "kept"
    assert _distance(e, b, future) == e.gap
    if e.bound == "lost":
        assert b["lost"] > 0 and e.gap <= 2
    elif e.bound == "lo":
        assert b["lo"] > 0 and e.gap <= 2
    elif e.bound == "sure":
        assert b["sure"] is not None and e.gap <= 2
    elif e.bound == "kept":
        assert 0 in b["outside"].values() and e.gap == 0
    else:
        assert 0 not in b["outside"].values() and 1 in b["outside"].values() and e.gap > 0


@pytest.mark.parametrize("i", range(len(ENDINGS)), ids=lambda i: f"{ENDINGS[i].bound}-{i}")
def test_tight_bounds_match_reference(i):
    """The value, ``reaches`` at the value and one point above it, and
    every card's value, against the brute force (tests/reference.py).
    Each query on a fresh solver, so that the ending's own trick-start
    bounds (forced_points, lead_kept, sure_tricks in solver/_bounds.pxd)
    are tried at its first node: a ``lost`` or ``sure`` bound 3 points
    too tight ends the test at the value wrongly low, an ``lo`` or
    ``sure`` bound 3 points too large ends the one above it wrongly high,
    a lead kept wrongly gives a wrong value ([JA] Jass trump rules)."""
    pos = Position.from_json(_json(ENDINGS[i]))
    expected = _reference(i)
    value = expected["value"]
    assert Solver(tt_bits=12).value(pos) == value
    assert Solver(tt_bits=12).reaches(pos, value)
    assert not Solver(tt_bits=12).reaches(pos, value + 1)
    got = Solver(tt_bits=12).solve(pos, pv=False)
    assert (got.value, got.to_json()["moves"], got.to_move) == (
        expected["value"], expected["moves"], expected["to_move"])
