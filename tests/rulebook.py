"""Shared test vocabulary: decks, deal builders, the card orders of
docs/rules.md written out by hand and the hand-built deals (one place, used
by the rule cases of rulecases.py and the rule tests of the solver and of
the reference oracle)."""
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


# Card orders (trumps and plain suits) for every contract, from docs/rules.md
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
    # [SK3] Schafkopf for three: the same orders on the 24-card deck, 8 cards each
    "solo-H-3": ("schafkopf", "solo", {"trump": "H"}, 3, True,
                 OBERS + UNTERS + cards("H", "A 10 K 9"),
                 {s: cards(s, "A 10 K 9") for s in "EGS"}),
    "wenz-3": ("schafkopf", "wenz", {}, 3, True, UNTERS,
               {s: cards(s, "A 10 K O 9") for s in "EGHS"}),
    "geier-3": ("schafkopf", "geier", {}, 3, True, OBERS,
                {s: cards(s, "A 10 K U 9") for s in "EGHS"}),
    "farbwenz-E-3": ("schafkopf", "farbwenz", {"trump": "E"}, 3, True,
                     UNTERS + cards("E", "A 10 K O 9"),
                     {s: cards(s, "A 10 K O 9") for s in "GHS"}),
    "farbgeier-S-3": ("schafkopf", "farbgeier", {"trump": "S"}, 3, True,
                      OBERS + cards("S", "A 10 K U 9"),
                      {s: cards(s, "A 10 K U 9") for s in "EGH"}),
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


# Hand-built deals shared by the rule tests of the project and of the reference
# (each test that uses one explains its expected answer).
# Holder of the Eichel Sau (seat 2) with four Eichel and the four Obers.
SAU4 = ["E7 GA G10 GK HK H9 H8 H7",
        "G9 G8 G7 EK S10 SK S9 S8",
        "EA E10 E9 E8 EO GO HO SO",
        "EU GU HA H10 HU SA SU S7"]


# Holder (seat 2) with three Eichel; seat 1 holds two Eichel.
SAU3 = ["E7 GA G10 GK HA H10 HK H9",
        "EK E8 G9 G8 G7 S9 S8 S7",
        "EA E10 E9 EO GO HO SO EU",
        "GU HU SU H8 H7 SA S10 SK"]


# Called suit never led; the holder discards the Sau in the last trick.
SAU_LAST = ["EO GO HO SO SA G9 E7 E10",
            "H7 HK SU EU S9 GA G10 GK",
            "EA H8 H10 HU S7 G8 E9 S10",
            "H9 HA GU S8 G7 E8 EK SK"]


SAU_LAST_PLAY = plays("EO H7 H8 H9  GO HK H10 HA  HO SU HU GU  SO EU E9 E8  SA S9 S7 S8 "
                      "G9 GA G8 G7  G10 S10 EK E7  GK EA SK E10")


# Short deck: holder (seat 2) with three of the four plain Eichel.
SAU_SHORT = ["EK GA G10 GK HA H10", "EU GU G9 HK HU H9", "EA E10 E9 EO GO HO", "SA S10 SK SO SU S9"]


def sauspiel(deal, **kw):
    kw.setdefault("called", "E")
    return pos("schafkopf", "sauspiel", deal, **kw)


def jass_trump(fixed, play, trump="H", **kw):
    return pos("jass", "trump", fill("jass", fixed), play=play, trump=trump, **kw)


SW8 = ["SJ HJ DJ DA", "DK DQ D10 D9", "D8 CA CK C10", "C9 C8 C7 SA",
       "CQ D7 SQ CJ", "SK S10 S9 S8", "S7 HA HK HQ", "H10 H9 H8 H7"]


SW8_PLAY = plays("CQ SK S7 H10 SJ DK D8 C9  D7 S10 HA H9 HJ DQ CA C8")


SW6 = ["DJ HA HK HQ H10 H9", "H8 H6 CA CK C10 C9", "C8 C7 C6 SA SK S10",
       "S9 S8 S7 S6 DA DK", "CQ H7 SQ CJ SJ HJ", "DQ D10 D9 D8 D7 D6"]


SW6_PLAY = plays("CQ D6 H9 H6 C6 S6  H7 D7 H10 H8 C7 S7  SQ D8 HQ C9 C8 S8  CJ D9 HK C10 S10 S9")


SW4 = ["SK S10 S9 S8 CA CK C10 C9", "CQ S7 SQ CJ SJ HJ DJ SA",
       "C8 C7 HA HK HQ H10 H9 H8", "H7 DA DK DQ D10 D9 D8 D7"]


SW4_PLAY = plays("CQ C8 H7 S8  S7 C7 DA S9  SQ HA DK S10  CJ HK DQ SK  SJ HQ D10 CA  HJ H10 D9 CK")


# Two tricks left with a real choice (trump Herz): leading C7 beats leading HA.
SW4B = ["CQ H7 SQ CJ SJ SA HA C7", "HK HQ H10 H9 H8 DA DJ D9",
        "HJ CK C10 C8 SK S10 CA D7", "S9 S8 S7 DK DQ D10 C9 D8"]


SW4B_PLAY = plays("CQ H8 HJ S7  H7 H9 C8 S8  SQ H10 C10 S9  CJ HQ CK DQ  SJ HK S10 D10  SA DA SK DK")


SOLO_G = ["EO GO HO SO EU GU GA E10", "HU SU G10 GK G9 G8 EA S7",
          "G7 E8 E7 HA H10 HK E9 S10", "H9 H8 H7 SA SK S8 EK S9"]


SOLO_G_PLAY = plays("EO HU G7 H9  GO SU E8 H8  HO G10 E7 H7  SO GK HA SA  EU G9 H10 SK  GU G8 HK S8")


TOUT_G = ["EO GO HO SO EU GU GA E7", "HU SU G10 GK G9 G8 E8 S7",
          "G7 EA E10 EK HA H10 E9 S8", "HK H8 H7 SA S10 SK S9 H9"]


TOUT_G_PLAY = plays("EO HU G7 HK  GO SU EA H8  HO G10 E10 H7  SO GK EK SA  EU G9 HA S10  GU G8 H10 SK")


RAMSCH = ["EO GO HO SO EU GU HA E7", "HU SU H10 HK H9 H8 EA S7",
          "H7 GA G10 GK G9 G8 E10 S10", "G7 E9 E8 SA SK S8 EK S9"]


RAMSCH_PLAY = plays("EO HU H7 G7  GO SU GA E9  HO H10 G10 E8  SO HK GK SA  EU H9 G9 SK  GU H8 G8 S8")


SAU_FORCE = ["E10 H7 SA S10 SK S9 GA S7", "EO GO HO SO EU GU E7 G7",
             "S8 G9 E8 GK G10 EK EA E9", "SU H8 H9 HK H10 HA HU G8"]


SAU_FORCE_PLAY = plays("EO S8 SU H7  GO G9 H8 S9  HO E8 H9 SK  SO GK HK S10  "
                       "EU G10 H10 SA  GU EK HA E10")


OBENABE = ["CA CK CQ CJ C10 C9 C8 C7 D6", "C6 DA DK DQ DJ D10 D9 D8 D7",
           "SA SK SQ SJ S10 S9 S8 S7 S6", "HA HK HQ HJ H10 H9 H8 H7 H6"]


OBENABE_PLAY = plays("CA C6 SA HQ  CK D7 SK HJ  CQ D8 SQ H10  CJ D9 SJ H9  "
                     "C10 D10 S10 H8  C9 DJ S9 H7  C8 DQ S8 H6")


SAU_RUN = ["E8 E7 GK G8 SA GA G10 G9", "GU SU HA H10 HK EK G7 HU",
           "EO GO HO SO EU EA E10 E9", "H9 H8 H7 S10 SK S7 S8 S9"]


SAU_RUN_PLAY = plays("EO H9 E8 GU  GO H8 E7 SU  HO H7 GK HA  SO S10 G8 H10  EU SK SA HK")


SUITS = ["CA CK CQ CJ C10 C9 C8 C7 C6", "DA DK DQ DJ D10 D9 D8 D7 D6",
         "SA SK SQ SJ S10 S9 S8 S7 S6", "HA HK HQ HJ H10 H9 H8 H7 H6"]


SUITS_PLAY = plays("CA DA SA HA  CK DK SK HK  CQ DQ SQ HQ  CJ DJ SJ HJ  C10 D10 S10 H10 "
                   "C9 D9 S9 H9  C8 D8 S8 H8")


JASS_UNDER = ["H9 HA HK CA CK CQ CJ DA D7", "C10 C9 SK SQ SJ DK D6 HJ S6",
              "HQ H10 H8 C8 C7 S10 S9 H6 SA", "H7 C6 S8 S7 DQ DJ D10 D8 D9"]


JASS_UNDER_PLAY = plays("H9 SK HQ H7  HA SQ H10 S8  HK SJ H8 S7  CA C9 C8 C6  CK C10 C7 D10 "
                        "CQ D6 S10 DQ  CJ DK S9 DJ")


JASS_BUUR = ["H9 HA HK HQ SA SK SQ H6 CA", "CK CQ CJ C9 DA DK DQ HJ C6",
             "C8 C7 SJ S10 S9 S8 S6 C10 S7", "H10 H8 H7 DJ D10 D9 D8 D6 D7"]


JASS_BUUR_PLAY = plays("H9 DA C8 H10  HA DK C7 H8  HK DQ S6 H7  HQ CK S8 D8  SA CQ SJ D9 "
                       "SK CJ S10 D10  SQ C9 S9 DJ")


# No Weis at all (every rank spread so no run of three and no four of a kind).
W_NONE = ["C6 C10 CA S9 SK H8 HQ D7 DJ", "C7 CJ S6 S10 SA H9 HK D8 DQ",
          "C8 CQ S7 SJ H6 H10 HA D9 DK", "C9 CK S8 SQ H7 HJ D6 D10 DA"]


# s0 C6-8 (20), s1 D6-9 (50), s2 H10-Q (20): best single is s1's 50.
W_POINTS = ["C6 C7 C8 S6 S8 S10 SQ H6 H8", "D6 D7 D8 D9 C10 CQ CA S7 S9",
            "H10 HJ HQ C9 CK SJ SA D10 DQ", "CJ SK H7 H9 HK HA DJ DK DA"]


# s0 C6-10 (100) vs s1 four Kings (100); s3 D9-J (20).
W_SEQ_VS_FOUR = ["C6 C7 C8 C9 C10 S6 S8 H6 H8", "CK SK HK DK D6 D8 S10 H10 HA",
                 "CJ CA S7 S9 SJ H7 H9 D7 DQ", "CQ SQ SA HJ HQ D9 D10 DJ DA"]


# Without Kreuzweis, with the 100 cap: s0's nine hearts are one run (100).
NINE_HEARTS = ["H6 H7 H8 H9 H10 HJ HQ HK HA", "C7 CJ CK D8 DK S6 S8 SA SK",
               "C6 C9 CA D10 D6 D9 DA S9 SQ", "C10 C8 CQ D7 DJ DQ S10 S7 SJ"]


# s0 H6-Q (7 cards, 100 capped, top Q) vs s1 S7-J (100, top J), s1 leading.
CAPPED_RUNS = ["C10 H10 H6 H7 H8 H9 HJ HQ S6", "C7 C9 D7 S10 S7 S8 S9 SJ SK",
               "CA CJ D10 D6 D8 DJ DK HK SA", "C6 C8 CK CQ D9 DA DQ HA SQ"]


# s0: H6-J (150) or, without Kreuzweis, four 10s + H6-9 (100 + 50); s1 four Queens.
TENS_OR_RUN = ["C10 D10 H10 H6 H7 H8 H9 HJ S10", "C7 C9 CJ CQ D6 DQ HQ S8 SQ",
               "CA CK D8 D9 HA HK S7 SJ SK", "C6 C8 D7 DA DJ DK S6 S9 SA"]


# s0 C7-9 (20) vs s1 SJ-K (20).
W_TOP = ["C7 C8 C9 S6 S8 H6 H10 D6 DA", "SJ SQ SK C6 CA H7 H9 D7 D9",
         "C10 CQ S7 S9 H8 HJ HK D8 DJ", "CJ CK S10 SA HQ HA D10 DQ DK"]


# s0 C7-9 (20) vs s1 S7-9 (20); s3 holds HK and HQ.
W_TRUMP = ["C7 C8 C9 H6 HJ HA D6 D10 DQ", "S7 S8 S9 C6 CJ CA H8 H10 DK",
           "C10 CQ S6 S10 SQ H7 H9 D7 D9", "CK SJ SK SA HQ HK D8 DJ DA"]


# s0 four Jacks + SJ SQ SK (Kreuzweis: 220); s1 four 9s (150); s0 holds SK and SQ.
W_KREUZ = ["CJ SJ HJ DJ SQ SK C7 H7 DA", "C9 S9 H9 D9 C6 CQ HK SA D7",
           "C8 C10 CA S6 S8 H6 H10 D8 DQ", "CK S7 S10 H8 HQ HA D6 D10 DK"]


# As W_KREUZ with SJ and S6 exchanged: the best is s1's four 9s (150).
W_NINES = ["CJ S6 HJ DJ SQ SK C7 H7 DA", "C9 S9 H9 D9 C6 CQ HK SA D7",
           "C8 C10 CA SJ S8 H6 H10 D8 DQ", "CK S7 S10 H8 HQ HA D6 D10 DK"]


# s1 four 6s (100) vs s0 C9-J (20).
W_SIXES = ["C9 C10 CJ S7 S9 H7 H9 DQ DA", "C6 S6 H6 D6 C8 SA HQ D9 DJ",
           "C7 CQ CA S8 S10 SQ H8 HJ DK", "CK SJ SK H10 HK HA D7 D8 D10"]


# [SK3] Schafkopf for three: 24 cards (no 7s and 8s), 8 each; a Herz solo of seat 0.
# Seat 1 holds four trumps (EU GU HU SU, later H9 HK), seat 2 none.  In tricks 1-5
# the declarer draws seat 1's trumps (16 + 15 + 9 + 9 + 11 = 60 points); left:
# s0 H10 EA EK, s1 HK E10 G9, s2 SA S10 E9 (60 points).
THREE = ["EO GO HO SO HA H10 EA EK", "EU GU HU SU H9 HK E10 G9", "GA G10 GK SK S9 SA S10 E9"]
THREE_PLAY = plays("EO EU GA  GO GU G10  HO HU GK  SO SU SK  HA H9 S9")
