"""Fixed-seed benchmark deal sets.

*random*: uniformly random deals, random declarer 0, seat 0 leads.
*announced*: deals redrawn until the declarer (seat 0) holds a hand a
player would actually announce for the contract; these are the hard ones,
their values sit near 61.  The filters:

| contract  | the declarer's hand                                              |
|-----------|------------------------------------------------------------------|
| sauspiel  | >= 4 trumps with >= 1 Ober, and a Sau he may call               |
| solo      | >= 5 trumps (Ober, Unter, trump suit) with >= 2 Ober             |
| wenz      | >= 2 Unter with EU or GU, and >= 2 Säue                          |
| geier     | >= 2 Ober with EO or GO, and >= 2 Säue                           |
| farbwenz  | >= 5 trumps with >= 2 Unter                                      |
| farbgeier | >= 5 trumps with >= 2 Ober                                       |
| ramsch    | any hand (nobody announces a Ramsch)                             |
| jass      | trump = the declarer's longest suit (ties: first), >= 4 cards   |

Trump suits for solo/farbwenz/farbgeier: the declarer's longest plain suit.
"""
from __future__ import annotations

import random

from stichfest import Position
from stichfest.contracts import TRUMP, contract_table
from stichfest.deals import callable_suits, position_json, random_deal

SCHAFKOPF_CONTRACTS = ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "ramsch")


def _longest_suit(hand, skip_ranks=("O", "U")) -> int:
    counts = [0, 0, 0, 0]
    for c in hand:
        if c.rank not in skip_ranks:
            counts[c.suit] += 1
    return max(range(4), key=lambda s: (counts[s], -s))


def _announced(contract: str, hand, trump: int | None) -> bool:
    ranks = [c.rank for c in hand]
    names = {str(c) for c in hand}
    obers, unters = ranks.count("O"), ranks.count("U")
    saeue = ranks.count("A")
    if contract in ("sauspiel", "solo", "farbwenz", "farbgeier"):
        table = contract_table("schafkopf", contract, trump)
        trumps = sum(table.follow_class[c.index] == TRUMP for c in hand)
        if contract == "sauspiel":
            return trumps >= 4 and obers >= 1 and bool(callable_suits(hand))
        if contract == "farbwenz":
            return trumps >= 5 and unters >= 2
        return trumps >= 5 and obers >= 2
    if contract == "wenz":
        return unters >= 2 and ("EU" in names or "GU" in names) and saeue >= 2
    if contract == "geier":
        return obers >= 2 and ("EO" in names or "GO" in names) and saeue >= 2
    return True


def schafkopf_deals(contract: str, count: int, seed: int, announced: bool = True,
                    tout: bool = False) -> list[Position]:
    rng = random.Random(f"schafkopf-{contract}-{seed}-{announced}")
    out = []
    while len(out) < count:
        deal = random_deal(rng, "schafkopf")
        hand = deal[0]
        trump = _longest_suit(hand) if contract in ("solo", "farbwenz", "farbgeier") else None
        if announced and not _announced(contract, hand, trump):
            continue
        called = None
        if contract == "sauspiel":
            suits = callable_suits(hand)
            if not suits:
                continue
            called = suits[0]
        out.append(Position.from_json(position_json(
            "schafkopf", contract, deal, declarer=0, leader=0, trump=trump, called=called,
            tout=tout)))
    return out


def jass_deals(count: int, seed: int) -> list[Position]:
    rng = random.Random(f"jass-{seed}")
    out = []
    while len(out) < count:
        deal = random_deal(rng, "jass")
        trump = _longest_suit(deal[0], skip_ranks=())
        out.append(Position.from_json(position_json("jass", "trump", deal, declarer=0,
                                                     leader=0, trump=trump)))
    return out


def scharwenzel_deals(count: int, seed: int, n_seats: int = 4) -> list[Position]:
    rng = random.Random(f"scharwenzel-{n_seats}-{seed}")
    out = []
    for _ in range(count):
        deal = random_deal(rng, "scharwenzel", n_seats)
        trump = _longest_suit(deal[0], skip_ranks=())
        out.append(Position.from_json(position_json("scharwenzel", "trump", deal, declarer=0,
                                                    leader=0, trump=trump)))
    return out
