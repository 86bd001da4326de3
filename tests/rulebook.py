"""Shared test vocabulary: decks, deal builders and the card orders of
RULES.md written out by hand (one place, used by the rule tests of the
project and of the reference oracle)."""
from __future__ import annotations

SK_RANKS = ["A", "10", "K", "O", "U", "9", "8", "7"]
SK_DECK = [s + r for s in "EGHS" for r in SK_RANKS]
SK_SHORT = [c for c in SK_DECK if c[1:] not in ("8", "7")]
FR_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
FR36 = [s + r for s in "CSHD" for r in FR_RANKS]
FR32 = [c for c in FR36 if not c.endswith("6")]


def deck_for(game, n=4, short=False):
    if game == "schafkopf":
        return SK_SHORT if short else SK_DECK
    if game == "jass":
        return FR36
    return FR36 if n == 6 else FR32


def fill(game, fixed, n=4, short=False):
    """A full deal: the ``fixed`` hands, the rest of the deck dealt in deck order."""
    deck = deck_for(game, n, short)
    size = len(deck) // n
    used = [c for h in fixed.values() for c in h.split()]
    assert len(used) == len(set(used)), "test bug: card fixed twice"
    rest = [c for c in deck if c not in used]
    deal = []
    for seat in range(n):
        if seat in fixed:
            assert len(fixed[seat].split()) == size, "test bug: fixed hand size"
            deal.append(fixed[seat])
        else:
            deal.append(" ".join(rest[:size]))
            rest = rest[size:]
    assert not rest
    return deal


def pos(game, contract, deal, *, declarer=0, leader=0, play=(), **extra):
    d = {"game": game, "contract": contract, "declarer": declarer, "leader": leader,
         "deal": list(deal), "play": list(play)}
    d.update(extra)
    return d


def plays(text):
    return text.split()


# Card orders (trumps and plain suits) for every contract, from RULES.md
OBERS = ["EO", "GO", "HO", "SO"]
UNTERS = ["EU", "GU", "HU", "SU"]


def cards(suit, ranks):
    return [suit + r for r in ranks.split()]


# (game, contract, extra position keys, n seats, short deck,
#  trumps high to low, {suit: plain order high to low})
ORDER_CASES = {
    "sauspiel": ("schafkopf", "sauspiel", {"called": "E"}, 4, False,
                 OBERS + UNTERS + cards("H", "A 10 K 9 8 7"),
                 {s: cards(s, "A 10 K 9 8 7") for s in "EGS"}),
    "ramsch": ("schafkopf", "ramsch", {}, 4, False,
               OBERS + UNTERS + cards("H", "A 10 K 9 8 7"),
               {s: cards(s, "A 10 K 9 8 7") for s in "EGS"}),
    "solo-E": ("schafkopf", "solo", {"trump": "E"}, 4, False,
               OBERS + UNTERS + cards("E", "A 10 K 9 8 7"),
               {s: cards(s, "A 10 K 9 8 7") for s in "GHS"}),
    "solo-S": ("schafkopf", "solo", {"trump": "S"}, 4, False,
               OBERS + UNTERS + cards("S", "A 10 K 9 8 7"),
               {s: cards(s, "A 10 K 9 8 7") for s in "EGH"}),
    "wenz": ("schafkopf", "wenz", {}, 4, False, UNTERS,
             {s: cards(s, "A 10 K O 9 8 7") for s in "EGHS"}),
    "geier": ("schafkopf", "geier", {}, 4, False, OBERS,
              {s: cards(s, "A 10 K U 9 8 7") for s in "EGHS"}),
    "farbwenz-G": ("schafkopf", "farbwenz", {"trump": "G"}, 4, False,
                   UNTERS + cards("G", "A 10 K O 9 8 7"),
                   {s: cards(s, "A 10 K O 9 8 7") for s in "EHS"}),
    "farbgeier-H": ("schafkopf", "farbgeier", {"trump": "H"}, 4, False,
                    OBERS + cards("H", "A 10 K U 9 8 7"),
                    {s: cards(s, "A 10 K U 9 8 7") for s in "EGS"}),
    "sauspiel-short": ("schafkopf", "sauspiel", {"called": "E"}, 4, True,
                       OBERS + UNTERS + cards("H", "A 10 K 9"),
                       {s: cards(s, "A 10 K 9") for s in "EGS"}),
    "jass-trump-H": ("jass", "trump", {"trump": "H"}, 4, False,
                     cards("H", "J 9 A K Q 10 8 7 6"),
                     {s: cards(s, "A K Q J 10 9 8 7 6") for s in "CSD"}),
    "jass-trump-C": ("jass", "trump", {"trump": "C"}, 4, False,
                     cards("C", "J 9 A K Q 10 8 7 6"),
                     {s: cards(s, "A K Q J 10 9 8 7 6") for s in "SHD"}),
    "obenabe": ("jass", "obenabe", {}, 4, False, [],
                {s: cards(s, "A K Q J 10 9 8 7 6") for s in "CSHD"}),
    "undeufe": ("jass", "undeufe", {}, 4, False, [],
                {s: cards(s, "6 7 8 9 10 J Q K A") for s in "CSHD"}),
    "scharwenzel-C-4": ("scharwenzel", "trump", {"trump": "C"}, 4, False,
                        ["CQ", "C7", "SQ", "CJ", "SJ", "HJ", "DJ"] + cards("C", "A K 10 9 8"),
                        {"S": cards("S", "A K 10 9 8 7"), "H": cards("H", "A K Q 10 9 8 7"),
                         "D": cards("D", "A K Q 10 9 8 7")}),
    "scharwenzel-S-8": ("scharwenzel", "trump", {"trump": "S"}, 8, False,
                        ["CQ", "S7", "SQ", "CJ", "SJ", "HJ", "DJ"] + cards("S", "A K 10 9 8"),
                        {"C": cards("C", "A K 10 9 8 7"), "H": cards("H", "A K Q 10 9 8 7"),
                         "D": cards("D", "A K Q 10 9 8 7")}),
    "scharwenzel-H-6": ("scharwenzel", "trump", {"trump": "H"}, 6, False,
                        ["CQ", "H7", "SQ", "CJ", "SJ", "HJ", "DJ"] + cards("H", "A K Q 10 9 8 6"),
                        {"C": cards("C", "A K 10 9 8 7 6"), "S": cards("S", "A K 10 9 8 7 6"),
                         "D": cards("D", "A K Q 10 9 8 7 6")}),
    "scharwenzel-D-4": ("scharwenzel", "trump", {"trump": "D"}, 4, False,
                        ["CQ", "D7", "SQ", "CJ", "SJ", "HJ", "DJ"] + cards("D", "A K Q 10 9 8"),
                        {"C": cards("C", "A K 10 9 8 7"), "S": cards("S", "A K 10 9 8 7"),
                         "H": cards("H", "A K Q 10 9 8 7")}),
}


def order_position(case):
    game, contract, extra, n, short, _, _ = ORDER_CASES[case]
    fixed = {}
    if contract == "sauspiel":  # declarer: plain Eichel cards, not the Eichel Sau
        fixed = {0: "EK E9 GK G9 SK S9"} if short else {0: "E7 E8 E9 G7 G8 G9 S7 S8"}
    return pos(game, contract, fill(game, fixed, n, short), **extra)
