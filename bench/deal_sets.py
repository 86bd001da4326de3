"""Fixed-seed benchmark deal sets (imported by bench/run.py and
bench/test_bench.py as a sibling module: ``python bench/run.py`` puts
bench/ first on sys.path, and so does pytest for bench/test_bench.py).

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
| jass      | any hand; trump = his longest suit (ties: first), even of 3     |

Trump suits for solo/farbwenz/farbgeier: the declarer's longest plain suit.
(The Jass set has no minimum length, whatever this table said before: its
slowest deals are the ones where a 3-card suit became trump and the
defenders hold as many trumps as the declarer's side.)

*schieber* (Jass as in a Schieber, where the declarer chooses the mode and
leads): random deals, seat 0 declares and leads, and chooses

- Obenabe with three or more Asse, else
- Undeufe with three or more 6er, else
- the trump suit with the most cards, Buur (J) and Nell (9) each counting
  one extra (ties: the suit that comes first, C S H D).

*signature*: the small fixed set behind ``python bench/run.py --signature``
(every game, contract and seat count, all solved with one table size).
"""
from __future__ import annotations

import random

from stichfest import Position
from stichfest.contracts import TRUMP, contract_table
from stichfest.deals import callable_suits, position_json, random_deal, random_position

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


def jass_deals(count: int, seed: int, mode: str = "trump") -> list[Position]:
    """Random Jass deals, seat 0 declares and leads: in ``mode`` "trump"
    with his longest suit as trumps, else in "obenabe" or "undeufe" (the
    same mode for every deal, whatever the hand)."""
    rng = random.Random(f"jass-{seed}" if mode == "trump" else f"jass-{mode}-{seed}")
    out = []
    while len(out) < count:
        deal = random_deal(rng, "jass")
        trump = _longest_suit(deal[0], skip_ranks=()) if mode == "trump" else None
        out.append(Position.from_json(position_json("jass", mode, deal, declarer=0,
                                                     leader=0, trump=trump)))
    return out


def schieber_mode(hand) -> tuple[str, int | None]:
    """The mode a Schieber declarer chooses with ``hand`` (the rule above)."""
    ranks = [c.rank for c in hand]
    if ranks.count("A") >= 3:
        return "obenabe", None
    if ranks.count("6") >= 3:
        return "undeufe", None
    score = [0, 0, 0, 0]
    for c in hand:
        score[c.suit] += 2 if c.rank in ("J", "9") else 1
    return "trump", max(range(4), key=lambda s: (score[s], -s))


def schieber_deals(count: int, seed: int) -> list[Position]:
    rng = random.Random(f"schieber-{seed}")
    out = []
    for _ in range(count):
        deal = random_deal(rng, "jass")
        contract, trump = schieber_mode(deal[0])
        out.append(Position.from_json(position_json("jass", contract, deal, declarer=0,
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


def signature_positions() -> list[Position]:
    """The node-signature set: small, fixed, every game and contract.

    Whole deals for the 32-card games (the first deals of the announced
    sets, so the bench's ordering and bounds are what they measure), Jass
    from the third trick on (whole Jass deals take seconds), random
    positions for seat counts and decks the bench rows do not have.
    """
    out: list[Position] = []
    for contract in SCHAFKOPF_CONTRACTS:
        out += schafkopf_deals(contract, 2, seed=11)
    for contract in ("solo", "wenz"):
        out += schafkopf_deals(contract, 2, seed=11, tout=True)
    rng = random.Random("signature")
    for contract in SCHAFKOPF_CONTRACTS:
        out.append(random_position(rng, "schafkopf", contract, short=True))
    for contract in ("trump", "obenabe", "undeufe"):
        for _ in range(3):
            out.append(random_position(rng, "jass", contract, played=8))
    for n_seats in (4, 6, 8):
        for _ in range(2):
            out.append(random_position(rng, "scharwenzel", n_seats=n_seats))
    return out
