"""The hand-worked rule cases, one table for both implementations.

Each case is checked against the stichfest solver and against the reference
oracle ``tests/reference.py`` (``test_rule_cases.py``, ``impl`` fixture of
``conftest.py``).  Every expected value was worked out by hand from
``docs/rules.md``; nothing is computed by code under test.  Each case id names
the rule it checks: [SK] Schafkopf, [SK3] Schafkopf for three, [JA] Swiss
Jass (Schieber), [SW] Scharwenzel (sections of docs/rules.md), "Validation"
for bad input.

A full deal always lists the complete deck; endgames are a full deal plus a
``play`` prefix of legal cards.  Checks only one implementation can make
(violation messages, trick history, principal variations, Weis variants and
full-deal searches beyond the reference's brute force) stay in
``test_rules.py`` (solver) and ``test_reference.py`` (reference).
"""
from __future__ import annotations

from dataclasses import dataclass

from rulebook import (
    FR32,
    FR36,
    JASS_BUUR,
    JASS_BUUR_PLAY,
    JASS_UNDER,
    JASS_UNDER_PLAY,
    OBENABE,
    OBENABE_PLAY,
    ORDER_CASES,
    RAMSCH,
    RAMSCH_PLAY,
    SAU3,
    SAU4,
    SAU_FORCE,
    SAU_FORCE_PLAY,
    SAU_LAST,
    SAU_LAST_PLAY,
    SAU_RUN,
    SAU_RUN_PLAY,
    SAU_SHORT,
    SK_DECK,
    SK_SHORT,
    SOLO_G,
    SOLO_G_PLAY,
    SUITS,
    SUITS_PLAY,
    SW4,
    SW4_PLAY,
    SW4B,
    SW4B_PLAY,
    SW6,
    SW6_PLAY,
    SW8,
    SW8_PLAY,
    THREE,
    THREE_PLAY,
    TOUT_G,
    TOUT_G_PLAY,
    W_KREUZ,
    W_NINES,
    W_NONE,
    W_POINTS,
    W_SEQ_VS_FOUR,
    W_SIXES,
    W_TOP,
    W_TRUMP,
    fill,
    jass_trump,
    plays,
    pos,
    sauspiel,
)


def ids(cases):
    return [c.id for c in cases]


# ---------------------------------------------------------------------------
# Case kinds
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Legal:
    """The legal cards of the seat to move (and, where given, which seat that is)."""
    id: str
    position: dict
    legal: frozenset[str]
    to_move: int | None = None


@dataclass(frozen=True)
class Turn:
    """Which seat is to move after the ``play`` prefix."""
    id: str
    position: dict
    to_move: int


@dataclass(frozen=True)
class Solved:
    """The exact value; the value of each legal card and the seat to move where given.
    ``finished``: the hand is over (no moves, nobody to move)."""
    id: str
    position: dict
    value: int
    moves: dict[str, int] | None = None
    to_move: int | None = None
    finished: bool = False


@dataclass(frozen=True)
class Trick:
    """Offset of the winning card in ``cards`` (a trick or part of one)."""
    id: str
    position: dict
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True)
class Points:
    """Card points of the listed cards (``whole_deck``: every card of the deck is listed)
    and the sum over the whole deck."""
    id: str
    position: dict
    points: dict[str, int]
    total: int
    whole_deck: bool = False


@dataclass(frozen=True)
class Party:
    """The seats whose result ``value`` reports."""
    id: str
    position: dict
    party: frozenset[int]


@dataclass(frozen=True)
class Deck:
    """The deck in play and the hand size."""
    id: str
    position: dict
    deck: tuple[str, ...]
    hand_size: int


@dataclass(frozen=True)
class Weis:
    """[JA] Weis per team (only the team with the best single Weis writes) and Stöck."""
    id: str
    position: dict
    weis: list[int]
    stoeck: list[int] | None = None


@dataclass(frozen=True)
class Reject:
    """A position every implementation rejects.  ``names``: what every rejection
    message names; ``solver_words``: what the solver's message names besides
    (the rule; checked in test_rules.py)."""
    id: str
    position: dict
    names: tuple[str, ...] = ()
    solver_words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Accept:
    """A position every implementation accepts."""
    id: str
    position: dict


# ---------------------------------------------------------------------------
# Card orders: ORDER_CASES of rulebook.py (trumps and plain suits, high to low)
# ---------------------------------------------------------------------------
ORDERS = sorted(ORDER_CASES)


# ---------------------------------------------------------------------------
# Trick winners beyond the order tables
# ---------------------------------------------------------------------------
_WENZ_DEAL = fill("schafkopf", {0: "GK E7 E8 E9 EA E10 EK EO", 1: "GO G7 G8 H7 H8 H9 S7 S8",
                                2: "G9 GA G10 HA H10 HK S9 SA"})
_GEIER = pos("schafkopf", "geier", fill("schafkopf", {}))

TRICKS = [
    Trick('[SK] Wenz: "the Ober stands between König and Neun": GK beats GO',
          pos("schafkopf", "wenz", _WENZ_DEAL), ("GK", "GO", "G9", "S10"), 0),
    Trick("[SK] Wenz: GK over GO over G9 (G9 led)",
          pos("schafkopf", "wenz", _WENZ_DEAL, leader=2), ("G9", "S10", "GK", "GO"), 2),
    Trick("[SK] Wenz: GO beats the led G9; a Schellen discard never wins",
          pos("schafkopf", "wenz", _WENZ_DEAL), ("G9", "S10", "GO"), 2),
    Trick("[SK] Geier: the Unter stands between König and Neun: GU beats G9 and G8",
          _GEIER, ("G9", "GU", "G8"), 1),
    Trick("[SK] Geier: GK beats the led GU", _GEIER, ("GU", "GK"), 1),
]


# ---------------------------------------------------------------------------
# Card points
# ---------------------------------------------------------------------------
_SK_VALUES = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}


def _sk_points(contract, extra, tout, short):
    fixed = {0: "EK E9 GK G9 SK S9"} if short else {0: "E7 E8 E9 G7 G8 G9 S7 S8"}
    p = pos("schafkopf", contract, fill("schafkopf", fixed, short=short), **extra)
    if tout:
        p["tout"] = True
    deck = SK_SHORT if short else SK_DECK
    name = f"{contract}{'-' + extra['trump'] if 'trump' in extra else ''}{' tout' if tout else ''}"
    return Points(f"[SK] Points: A 11, 10 10, K 4, O 3, U 2, 9/8/7 0, 120 in all "
                  f"({name}, {'short' if short else 'long'} deck)",
                  p, {c: _SK_VALUES[c[1:]] for c in deck}, 120, whole_deck=True)


def _jass_points(contract, suit, values, trump=None):
    p = pos("jass", contract, fill("jass", {}), **({"trump": trump} if trump else {}))
    ranks = "A K Q J 10 9 8 7 6".split()
    return Points(f"[JA] card points, {contract}{' ' + trump if trump else ''}, suit {suit} "
                  f"A K Q J 10 9 8 7 6 = {' '.join(map(str, values))}; 152 in the cards",
                  p, dict(zip([suit + r for r in ranks], values, strict=True)), 152)


POINTS = [
    _sk_points(contract, extra, tout, short)
    for contract, extra, tout in [
        ("sauspiel", {"called": "E"}, False), ("ramsch", {}, False), ("solo", {"trump": "G"}, False),
        ("wenz", {}, False), ("geier", {}, False), ("farbwenz", {"trump": "S"}, False),
        ("farbgeier", {"trump": "E"}, False), ("solo", {"trump": "H"}, True), ("wenz", {}, True),
        ("farbgeier", {"trump": "S"}, True)]
    for short in (False, True)
] + [
    Points(f"[SK3] Points: A 11, 10 10, K 4, O 3, U 2, 9 0: 120 in the 24 cards ({name})",
           pos("schafkopf", contract, THREE, **extra), {c: _SK_VALUES[c[1:]] for c in SK_SHORT}, 120,
           whole_deck=True)
    for name, contract, extra in [("solo-H", "solo", {"trump": "H"}), ("wenz", "wenz", {}),
                                  ("farbgeier-S tout", "farbgeier", {"trump": "S", "tout": True})]
] + [
    _jass_points("trump", "H", [11, 4, 3, 20, 10, 14, 0, 0, 0], trump="H"),   # J 20, 9 14
    _jass_points("trump", "C", [11, 4, 3, 2, 10, 0, 0, 0, 0], trump="H"),     # plain J 2
    _jass_points("obenabe", "S", [11, 4, 3, 2, 10, 0, 8, 0, 0]),               # 8 = 8
    _jass_points("obenabe", "D", [11, 4, 3, 2, 10, 0, 8, 0, 0]),
    _jass_points("undeufe", "D", [0, 4, 3, 2, 10, 0, 8, 0, 11]),               # 6 11, A 0
]


# ---------------------------------------------------------------------------
# Legal cards
# ---------------------------------------------------------------------------
def _sk_follow(contract, extra, hand1, lead):
    """Seat 0 leads ``lead``; seat 1 holds ``hand1``."""
    others = [c for c in SK_DECK if c not in hand1.split() and c != lead]
    deal = fill("schafkopf", {0: " ".join([lead] + others[:7]), 1: hand1})
    return pos("schafkopf", contract, deal, play=[lead], **extra)


def _sw_follow(trump, hand1, lead):
    others = [c for c in FR32 if c not in hand1.split() and c != lead]
    deal = fill("scharwenzel", {0: " ".join([lead] + others[:7]), 1: hand1})
    return pos("scharwenzel", "trump", deal, play=[lead], trump=trump)


def _set(text):
    return frozenset(text.split())


SK_FOLLOW = "[SK] Follow the led suit (trump counts as one suit); if you can't, play any card"
SW_FOLLOW = "[SW] follow suit (trump counts as one suit), else any card"

FOLLOWING = [
    Legal(f"{SK_FOLLOW}: ramsch, a Herz lead is a trump lead, the Unter must follow",
          _sk_follow("ramsch", {}, "EU EA E10 EK G7 G8 G9 S7", "H10"), _set("EU")),
    Legal(f"{SK_FOLLOW}: ramsch, the Ober is no Eichel",
          _sk_follow("ramsch", {}, "EO E9 GA G10 GK S7 S8 S9", "EK"), _set("E9")),
    Legal(f"{SK_FOLLOW}: ramsch, only trumps with Eichel letters, free choice",
          _sk_follow("ramsch", {}, "EO EU HA GA G10 S7 S8 S9", "EK"), _set("EO EU HA GA G10 S7 S8 S9")),
    Legal(f"{SK_FOLLOW}: solo Herz, the Unter follows a Herz lead",
          _sk_follow("solo", {"trump": "H"}, "EU EA E10 EK G7 G8 G9 S7", "HA"), _set("EU")),
    Legal(f"{SK_FOLLOW}: wenz, Herz is a plain suit, the Ober follows it, the Unter does not",
          _sk_follow("wenz", {}, "HO HU E7 E8 E9 G7 G8 G9", "H10"), _set("HO")),
    Legal(f"{SK_FOLLOW}: wenz, Unter lead, no Unter: anything",
          _sk_follow("wenz", {}, "HO GO SO E7 E8 E9 G7 G8", "EU"), _set("HO GO SO E7 E8 E9 G7 G8")),
    Legal(f"{SK_FOLLOW}: geier, the Unter is a plain card, the Ober a trump",
          _sk_follow("geier", {}, "HU HO E7 E8 E9 G7 G8 G9", "H10"), _set("HU")),
    Legal(f"{SK_FOLLOW}: farbwenz Eichel, the Eichel Ober is a trump",
          _sk_follow("farbwenz", {"trump": "E"}, "EO G7 G8 G9 S7 S8 S9 HA", "E10"), _set("EO")),
    Legal(f"{SK_FOLLOW}: farbgeier Schellen, the Gras Ober is a trump, the Gras Unter is Gras",
          _sk_follow("farbgeier", {"trump": "S"}, "GO GU E7 E8 E9 HA H10 HK", "G10"), _set("GU")),
    Legal(f"{SW_FOLLOW}: a red Queen is plain when its suit is not trump",
          _sw_follow("D", "HQ HJ C7 C8 S7 S8 S9 SA", "HA"), _set("HQ")),
    Legal(f"{SW_FOLLOW}: HQ is a trump when Herz is trump",
          _sw_follow("H", "HQ DQ C7 C8 S7 S8 S9 SA", "H9"), _set("HQ")),
    Legal(f"{SW_FOLLOW}: CQ and CJ are trumps, C7 is plain",
          _sw_follow("D", "CQ CJ C7 H7 H8 H9 S8 S9", "C10"), _set("C7")),
    Legal(f"{SW_FOLLOW}: the Basta SQ follows a trump lead",
          _sw_follow("D", "SQ C7 H7 H8 H9 S8 S9 SA", "D9"), _set("SQ")),
    Legal(f"{SW_FOLLOW}: the Nillje (trump 7) is a trump",
          _sw_follow("D", "D7 C7 H7 H8 H9 S8 S9 SA", "CQ"), _set("D7")),
    Legal(f"{SW_FOLLOW}: every Jack is a trump",
          _sw_follow("C", "HJ SA SK S10 S9 H8 D8 D9", "CA"), _set("HJ")),
] + [
    case
    for contract in ("obenabe", "undeufe")
    for case in (
        Legal(f'[JA] "Obenabe/undeufe: follow suit": {contract}, clubs led, follow with clubs',
              pos("jass", contract, fill("jass", {0: "C6 HA HK SA SK DA DK DQ DJ",
                                                  1: "CA C10 H6 H7 S6 S7 D6 D7 D8"}), play=["C6"]),
              _set("CA C10")),
        Legal(f'[JA] "Obenabe/undeufe: ... else any card": {contract}, no club, anything',
              pos("jass", contract, fill("jass", {0: "C6 CK HK SA SK DA DK DQ DJ",
                                                  1: "HA H10 H6 H7 S6 S7 D6 D7 D8"}), play=["C6"]),
              _set("HA H10 H6 H7 S6 S7 D6 D7 D8")),
    )
]

_DAVON3 = {"davonlaufen_min": 3}
# Trick 1: GA G7 E8 S7 (seat 0 wins, the holder discards E8); trick 2: H7 S8 EO HU (seat 2 wins).
_SAU4_E8_GONE = plays("GA G7 E8 S7 H7 S8 EO HU")
# A holder (seat 2) without trumps: EA E10 S7 S8 S9 G9 G8 G7.
_SAU_NO_TRUMP = fill("schafkopf", {0: "E7 GA G10 GK HK H9 H8 H7", 2: "EA E10 S7 S8 S9 G9 G8 G7"})

SAUSPIEL = [
    Legal('[SK] Sauspiel 1: "when the called suit is led, the holder must play the Sau"',
          sauspiel(SAU4, play=["E7", "EK"]), _set("EA"), to_move=2),
    Legal("[SK] Sauspiel 1 binds only the holder: seat 1 may play any Eichel it holds",
          sauspiel(SAU3, play=["E7"]), _set("EK E8"), to_move=1),
    Legal('[SK] Sauspiel 2: "the holder may lead the called suit only with the Sau" (3 Eichel)',
          sauspiel(SAU3, leader=2), _set("EA EO GO HO SO EU"), to_move=2),
    Legal("[SK] Sauspiel 2: with >= 4 cards of the called suit (Sau included) he may lead any",
          sauspiel(SAU4, leader=2), _set(SAU4[2]), to_move=2),
    Legal('[SK] "Variant: minimum for davonlaufen 3": three cards of the called suit suffice',
          sauspiel(SAU3, leader=2, rules=_DAVON3), _set(SAU3[2]), to_move=2),
    Legal('[SK] Sauspiel 2 "at that moment": 4 Eichel dealt, E8 discarded, 3 left: no davonlaufen',
          sauspiel(SAU4, play=_SAU4_E8_GONE), _set("EA GO HO SO"), to_move=2),
    Legal('[SK] Sauspiel 2 "at that moment", variant davonlaufen_min 3: the 3 left run away',
          sauspiel(SAU4, play=_SAU4_E8_GONE, rules=_DAVON3), _set("EA E10 E9 GO HO SO"), to_move=2),
    Legal("[SK] Short deck + Sauspiel 2: three of the four plain Eichel, default minimum 4: Sau only",
          sauspiel(SAU_SHORT, leader=2), _set("EA EO GO HO"), to_move=2),
    Legal("[SK] Short deck + Sauspiel 2: three of the four plain Eichel run away with minimum 3",
          sauspiel(SAU_SHORT, leader=2, rules=_DAVON3), _set(SAU_SHORT[2]), to_move=2),
    Legal('[SK] Sauspiel 3: "the holder may not discard the Sau on another lead" (Gras led, no Gras)',
          sauspiel(SAU4, play=["GA", "G7"]), _set("E10 E9 E8 EO GO HO SO"), to_move=2),
    Legal("[SK] Sauspiel 3: trump led, the holder has no trump: anything but the Sau",
          sauspiel(_SAU_NO_TRUMP, play=["H7", "EO"]), _set("E10 S7 S8 S9 G9 G8 G7"), to_move=2),
    Legal('[SK] Sauspiel 3 "except in the last trick": trick 7, G10 led, the holder must follow',
          sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:25]), _set("S10"), to_move=2),
    Legal('[SK] Sauspiel 3 "except in the last trick": trick 8, the Sau is discarded on GK',
          sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:29]), _set("EA"), to_move=2),
    # Trick 1: holder 2 runs away with E9; SK, E7, EK: seat 1 wins and leads.
    Legal('[SK] "after davonlaufen he ... follows normally": no longer forced to play the Sau',
          sauspiel(SAU3, leader=2, rules=_DAVON3, play=plays("E9 SK E7 EK E8")), _set("EA E10")),
    Legal('[SK] "after davonlaufen he may later discard the Sau"',
          sauspiel(SAU3, leader=2, rules=_DAVON3, play=plays("E9 SK E7 EK G9")),
          _set("EA E10 EO GO HO SO EU")),
    # Trick 1: E7 EK EA (forced) GU, seat 3 wins; trick 2: H7 HA E8 EU, the holder wins and leads.
    Legal('[SK] "After the first lead of the called suit these restrictions lapse": Eichel led freely',
          sauspiel(SAU3, play=plays("E7 EK EA GU  H7 HA E8 EU")), _set("E10 E9 EO GO HO SO"), to_move=2),
    Legal("[SK] Sauspiel 1 and 3 in a position searched below: E7 or G7 from seat 1",
          sauspiel(SAU_FORCE, leader=1, play=SAU_FORCE_PLAY), _set("E7 G7"), to_move=1),
]

_JASS_UNDER1 = {0: "C7 CA CK SA SK DA DK DQ DJ", 1: "HA C8 C9 S6 S7 S8 D6 D7 D8",
                2: "C6 H6 HJ S9 S10 SJ D9 D10 CJ"}
_JASS_UNDER2 = {0: "C7 CA CK SA SK DA DK DQ DJ", 1: "HA C8 C9 S6 S7 S8 C6 D7 D8",
                2: "H6 HJ S9 S10 SJ SQ D9 D10 D6"}
_JASS_NELL = {0: "C7 CA CK H10 H8 H7 DK DQ DJ", 1: "H6 C8 C9 S7 S8 SA D7 D8 D9",
              2: "H9 CQ C10 S9 S10 SJ DA D10 CJ", 3: "HA HJ C6 SQ SK S6 D6 HQ HK"}
_JASS_NELL2 = {**_JASS_NELL, 1: "H9 C8 C9 S7 S8 SA D7 D8 D9", 2: "H6 CQ C10 S9 S10 SJ DA D10 CJ"}
_ALL_TRUMPS = ["CA CK SA SK SQ DA DK DQ S10", "HJ C8 C7 SJ S9 S8 D10 D9 D8",
               "C6 H9 HA HK HQ H10 H8 H7 H6", "C9 C10 CQ CJ S7 S6 DJ D7 D6"]
_ALL_TRUMPS2 = ["CA CK CQ SA SK SQ DA DK DQ", "HJ C8 C9 SJ S10 S9 DJ D10 D9",
                "C6 C7 H9 HA HK HQ H10 H8 H6", "H7 CJ C10 S8 S7 S6 D8 D7 D6"]
_TRUMP_LEAD = "HK CA CK SA SK DA DK DQ DJ"

JASS = [
    Legal('[JA] "a plain lead may be followed or trumped, even when you could follow"',
          jass_trump({0: "CA C6 HA SA SK DA DK DQ DJ", 1: "C7 H6 S6 S7 S8 S9 D6 D7 D8"}, ["CA"]),
          _set("C7 H6"), to_move=1),
    Legal('[JA] "no undertrumping (a trump lower than a trump already in a plainly-led trick)": '
          "follow or overtrump, H6 would undertrump",
          jass_trump(_JASS_UNDER1, ["C7", "HA"]), _set("C6 CJ HJ"), to_move=2),
    Legal("[JA] no undertrumping: cannot follow, anything but the undertrumping H6",
          jass_trump(_JASS_UNDER2, ["C7", "HA"]), _set(_JASS_UNDER2[2]) - {"H6"}, to_move=2),
    Legal("[JA] no undertrumping: against the best trump in the trick (Nell H9 beats HA HK HQ)",
          jass_trump(_JASS_NELL, ["C7", "H6", "H9"]), _set("C6 HJ"), to_move=3),
    Legal("[JA] no undertrumping: Nell then a plain card, still no HA/HK/HQ",
          jass_trump(_JASS_NELL2, ["C7", "H9", "C10"]), _set("C6 HJ"), to_move=3),
    # Trick 1: CA C8 C6 C9 (seat 0 wins); trick 2: CK, seat 1 trumps with the Buur.
    Legal('[JA] undertrumping allowed "unless your hand holds nothing but trumps"',
          pos("jass", "trump", _ALL_TRUMPS, trump="H", play=plays("CA C8 C6 C9 CK HJ")),
          _set("H9 HA HK HQ H10 H8 H7 H6"), to_move=2),
    Legal("[JA] nothing but trumps: seat 2 may drop H6 under the Buur",
          pos("jass", "trump", _ALL_TRUMPS2, trump="H", play=plays("CA C8 C6 C10  CK C9 C7 CJ  CQ HJ")),
          _set("H9 HA HK HQ H10 H8 H6"), to_move=2),
    Legal("[JA] no undertrumping: seat 3 may not undertrump the Buur with H7, although H7 is "
          "higher than the last trump played",
          pos("jass", "trump", _ALL_TRUMPS2, trump="H",
              play=plays("CA C8 C6 C10  CK C9 C7 CJ  CQ HJ H6")),
          _set("S8 S7 S6 D8 D7 D6"), to_move=3),
    Legal('[JA] "on a trump lead you must play trump"',
          jass_trump({0: _TRUMP_LEAD, 1: "H6 C6 C7 C8 S6 S7 D6 D7 D8"}, ["HK"]), _set("H6"), to_move=1),
    Legal('[JA] "the Buur is never forced (holding only the Buur as trump, you may play any card)"',
          jass_trump({0: _TRUMP_LEAD, 1: "HJ C6 C7 C8 S6 S7 D6 D7 D8"}, ["HK"]),
          _set("HJ C6 C7 C8 S6 S7 D6 D7 D8")),
    Legal("[JA] the Buur with another trump: trump on a trump lead",
          jass_trump({0: _TRUMP_LEAD, 1: "HJ H6 C7 C8 S6 S7 D6 D7 D8"}, ["HK"]), _set("HJ H6")),
    Legal("[JA] trump lead, no trump in hand: any card",
          jass_trump({0: _TRUMP_LEAD, 1: "C6 C7 C8 S6 S7 S8 D6 D7 D8"}, ["HK"]),
          _set("C6 C7 C8 S6 S7 S8 D6 D7 D8")),
    Legal("[JA] a plain lead that can neither be followed nor trumped: any card",
          jass_trump({0: "CA CK CQ CJ C10 C9 C8 C7 C6", 1: "S6 S7 S8 S9 D6 D7 D8 D9 D10"}, ["CA"]),
          _set("S6 S7 S8 S9 D6 D7 D8 D9 D10")),
]

THREE_LEGAL = [
    Legal("[SK3] seat 2 leads GA; seat 0 holds no plain Gras (GO is trump): any card",
          pos("schafkopf", "solo", THREE, trump="H", leader=2, play=["GA"]), _set(THREE[0]), 0),
    Legal("[SK3] seats play in order 2, 0, 1: seat 1 must follow Gras with G9",
          pos("schafkopf", "solo", THREE, trump="H", leader=2, play=["GA", "EA"]), _set("G9"), 1),
    Legal("[SK3] seat 0 on lead: any card",
          pos("schafkopf", "solo", THREE, trump="H"), _set(THREE[0]), 0),
    Legal("[SK3] a trump lead: seat 1 must follow with a trump (EO led)",
          pos("schafkopf", "solo", THREE, trump="H", play=["EO"]), _set("EU GU HU SU H9 HK"), 1),
    Legal("[SK3] Wenz: the Ober is plain Eichel; seat 1 follows EO with E10 (EU is a trump)",
          pos("schafkopf", "wenz", THREE, play=["EO"]), _set("E10"), 1),
]

LEGAL = FOLLOWING + SAUSPIEL + JASS + THREE_LEGAL


# ---------------------------------------------------------------------------
# Seat to move
# ---------------------------------------------------------------------------
TURNS = [
    Turn('[SK] "the trick winner leads next": the solo declarer wins trick 1 and leads',
         pos("schafkopf", "solo", SOLO_G, trump="G", play=SOLO_G_PLAY[:4]), 0),
    Turn("[SK] seats play in order: three cards into the first trick, seat 3 to move",
         pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY[:3]), 3),
    Turn('[SK] "the trick winner leads next": seat 3 trumps the called Sau with GU',
         sauspiel(SAU3, play=plays("E7 EK EA GU")), 3),
    Turn("[SK3] seats 0..2 in order: after seat 2 comes seat 0",
         pos("schafkopf", "solo", THREE, trump="H", leader=1, play=["EU", "GA"]), 0),
    Turn("[SK3] a trick has three cards: the declarer wins trick 1 and leads trick 2",
         pos("schafkopf", "solo", THREE, trump="H", play=THREE_PLAY[:3]), 0),
    Turn("[SK3] a trick has three cards: seat 1 is second in trick 2",
         pos("schafkopf", "solo", THREE, trump="H", play=THREE_PLAY[:4]), 1),
    Turn('[SK3] "the trick winner leads next": seat 2 wins with GA (seat 0 discards EA)',
         pos("schafkopf", "solo", THREE, trump="H", leader=2, play=["GA", "EA", "G9"]), 2),
    Turn('[SK3] "the trick winner leads next": seat 1 wins with E10 over EK',
         pos("schafkopf", "solo", THREE, trump="H", leader=1, play=["E10", "E9", "EK"]), 1),
]


# ---------------------------------------------------------------------------
# Solved positions (values worked out by hand)
# ---------------------------------------------------------------------------
def _sw(deal, play, leader, declarer):
    trump = {8: "D", 6: "H", 4: "S"}[len(deal)]
    return pos("scharwenzel", "trump", deal, trump=trump, leader=leader, declarer=declarer, play=play)


_SHORT_SOLO = ["EO GO HO SO EU GU", "HU SU EA E10 EK E9", "GA G10 GK G9 HA H10", "HK H9 SA S10 SK S9"]
_SHORT_SOLO_PLAY = plays("EO HU GA HK  GO SU G10 H9  HO EA GK SA  SO E10 G9 S10")

SOLVED = [
    # Tricks 1-6 give the declarer 74 points; E10 line: EA wins E10 EA E9 EK (25), then GA
    # takes S7 S10 S9 (21); GA line: GA + three zero discards (11), EA wins the rest.
    Solved("[SK] Solo Gras, card points: leading E10 first (GA later trumps the Schellen) "
           "beats cashing GA",
           pos("schafkopf", "solo", SOLO_G, trump="G", play=SOLO_G_PLAY), 95, {"GA": 85, "E10": 95}, 0),
    Solved("[SK] plain Solo: the declarer takes all 120 card points whatever he leads",
           pos("schafkopf", "solo", TOUT_G, trump="G", play=TOUT_G_PLAY), 120, {"GA": 120, "E7": 120}, 0),
    Solved('[SK] Tout: "the declarer must win every trick; a single trick lost, even one with '
           '0 points, loses": 7 of 8 tricks',
           pos("schafkopf", "solo", TOUT_G, trump="G", play=TOUT_G_PLAY, tout=True), 7,
           {"GA": 7, "E7": 7}, 0),
    # Prefix: 74 points to seat 0. E7 loses EA E10 EK to seat 1 and then HA takes S7 S10 S9
    # (+21); leading HA takes everything left (+46).
    Solved('[SK] Ramsch: "how few points can a given seat hold itself to when the other three '
           'play against it"',
           pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY), 95, {"HA": 120, "E7": 95}, 0),
    # On E7 the holder must give up the Sau (trumped by HU); on G7 he may not discard it
    # before the last trick (ignoring the rules the party would make 22).
    Solved("[SK] Sauspiel 1 and 3 in the search: the declaring party makes only 11",
           sauspiel(SAU_FORCE, leader=1, play=SAU_FORCE_PLAY), 11, {"E7": 11, "G7": 11}, 1),
    # Holder 2 leads with EA E10 E9; the party has 72 from tricks 1-5 and 48 points are left.
    # Default: only EA may be led: +15 + GA smeared, then HU takes E9 + G10 or E10 + G9: +36.
    Solved("[SK] Sauspiel 2 in the search: by default only EA may be led",
           sauspiel(SAU_RUN, leader=2, play=SAU_RUN_PLAY), 108, {"EA": 108}, 2),
    # Variant: E9 loses to EK; seat 1 leads G7, GA wins and the holder may now discard the
    # Sau on it (EA + GA = 22; the last trick goes to HU): +22 (+21 if it could not be
    # discarded).  E10 first: +35.
    Solved("[SK] Sauspiel 2 with davonlaufen_min 3 and the lapse after davonlaufen, in the search",
           sauspiel(SAU_RUN, leader=2, play=SAU_RUN_PLAY, rules=_DAVON3), 108,
           {"EA": 108, "E10": 107, "E9": 94}, 2),
    # Declarer 0 + partner 2 won tricks 1-5: 3 + 28 + 9 + 5 + 11 = 56.
    Solved('[SK] Sauspiel 3 "except in the last trick": the finished hand, the party has 56',
           sauspiel(SAU_LAST, play=SAU_LAST_PLAY), 56, finished=True),
    Solved("[SK] seats play in order and the trick winner leads: the last trick, one card each",
           sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:28]), 56, {"GK": 56}, 1),
    Solved("[SK] short deck: still 120 points, declarer with the top trumps",
           pos("schafkopf", "solo", _SHORT_SOLO, trump="E", play=_SHORT_SOLO_PLAY), 120,
           {"EU": 120, "GU": 120}, 0),
    # Tricks 1-5 gave the declarer 60 points.  H10 (or EA, then H10) draws seat 1's last
    # trump and takes every card left.  EK loses to E10; seat 1 then leads G9: H10 takes
    # it and seat 1 trumps the last EA with HK (seat 2 keeps SA for that trick): 60 + 24.
    Solved("[SK3] Schafkopf for three, Herz solo: the soloist against two; EK first costs 36",
           pos("schafkopf", "solo", THREE, trump="H", play=THREE_PLAY), 120,
           {"H10": 120, "EA": 120, "EK": 84}, 0),
    # EK loses trick 6; then each defence takes one more trick of the last two.
    Solved("[SK3] Schafkopf for three: 8 tricks make a Tout (EK first: 6)",
           pos("schafkopf", "solo", THREE, trump="H", play=THREE_PLAY, tout=True), 8,
           {"H10": 8, "EA": 8, "EK": 6}, 0),
    Solved("[SK3] a finished three-hand game: the declarer took 120 (eight tricks of three cards)",
           pos("schafkopf", "solo", THREE, trump="H", play=THREE_PLAY + plays("H10 HK E9  EA E10 S10  EK G9 SA")),
           120, finished=True),
    Solved("[SK] short deck: 6 tricks make a Tout",
           pos("schafkopf", "solo", _SHORT_SOLO, trump="E", play=_SHORT_SOLO_PLAY, tout=True), 6,
           {"EU": 6, "GU": 6}, 0),
    # 122 in tricks 1-7; C7 first: + C7 DK S7 HK (8), the last trick D6 DA S6 HA (22 + 5)
    # to seats 1/3.
    Solved('[JA] "Last trick +5: every mode totals 157": obenabe, clubs first keeps the last '
           "trick for the opponents",
           pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY), 130, {"C7": 130, "D6": 122}, 0),
    Solved("[JA] last trick +5, 157 in all: the same endgame for the other team (157 - 130)",
           pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY, declarer=1), 27, {"C7": 27, "D6": 35}, 0),
    # DA lead: seat 1 trumps with the Buur, seat 2 may not drop H6 under it and must give SA
    # (42 to seats 1/3); H6 then wins S6 in the last trick: +5.  D7 lead: seat 1 discards S6
    # and later trumps SA: +0.  (With undertrumping allowed it would be 126.)
    Solved("[JA] no undertrumping, in the search (trump Herz; seats 0/2 took 110 in tricks 1-7)",
           pos("jass", "trump", JASS_UNDER, trump="H", play=JASS_UNDER_PLAY), 115, {"DA": 115, "D7": 110}, 0),
    # H6 lead: seat 1 keeps the lone Buur (plays C6), seat 2 smears C10 (+10), the Buur takes
    # CA in the last trick.  CA lead: the Buur trumps CA and C10 at once (+5 only).
    # (If the Buur were forced it would be 137.)
    Solved('[JA] "the Buur is never forced", in the search (trump Herz; 111 in tricks 1-7)',
           pos("jass", "trump", JASS_BUUR, trump="H", play=JASS_BUUR_PLAY), 121, {"H6": 121, "CA": 116}, 0),
    Solved("[JA] a finished hand: the last trick's +5 goes to its winner",
           pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY + plays("C7 DK S7 HK D6 DA S6 HA")), 130,
           finished=True),
    Solved("[JA] a finished hand, the other team: 27",
           pos("jass", "obenabe", OBENABE, declarer=1, play=OBENABE_PLAY + plays("C7 DK S7 HK D6 DA S6 HA")),
           27, finished=True),
    Solved('[JA] a finished hand: "Match (one team takes all 9 tricks) +100"',
           pos("jass", "trump", SUITS, trump="C", play=SUITS_PLAY + plays("C7 D7 S7 H7 C6 D6 S6 H6")), 257,
           finished=True),
    Solved("[SW] tricks scored; the lone Jack of Karo (trump) overtrumps the Herz Ace: lead C7 first "
           "(trump Herz)",
           pos("scharwenzel", "trump", SW4B, trump="H", play=SW4B_PLAY), 7, {"HA": 6, "C7": 7}, 0),
] + [
    # Seat 0 holds every club and leads: 152 + 5 + 100.
    Solved(f'[JA] "Match (one team takes all 9 tricks) +100": {contract}, 152 + 5 + 100 = 257'
           if declarer == 0 else f"[JA] match: {contract}, the other team gets 0",
           pos("jass", contract, SUITS, play=SUITS_PLAY, declarer=declarer, **extra),
           257 if declarer == 0 else 0)
    for contract, extra in [("obenabe", {}), ("undeufe", {}), ("trump", {"trump": "C"})]
    for declarer in (0, 1)
] + [
    # One seat with the top trumps leads and takes every trick for its whole party.
    Solved(f"[SW] value = tricks of the declarer's party (even or odd seats): {len(deal)} seats, "
           f"declarer {declarer}",
           _sw(deal, play, leader, declarer), tricks if declarer % 2 == party_of else 0)
    for deal, play, leader, tricks, party_of in [
        (SW8, SW8_PLAY, 4, 4, 0), (SW6, SW6_PLAY, 4, 6, 0), (SW4, SW4_PLAY, 1, 8, 1)]
    for declarer in range(len(deal))
]


# ---------------------------------------------------------------------------
# Parties and decks
# ---------------------------------------------------------------------------
PARTIES = [
    Party('[SK] Sauspiel: "Its holder is his partner": declarer 0 + holder 2',
          sauspiel(SAU4), frozenset({0, 2})),
    Party('[SK] Sauspiel: "Its holder is his partner": declarer 0 + holder 1',
          sauspiel([SAU4[0], "G9 G8 G7 EA S10 SK S9 S8", "EK E10 E9 E8 EO GO HO SO", SAU4[3]]),
          frozenset({0, 1})),
] + [
    Party(f'[SW] "Partners sit alternately: even seats against odd seats": {n} seats, declarer {d}',
          pos("scharwenzel", "trump", fill("scharwenzel", {}, n), trump="S", declarer=d),
          frozenset(s for s in range(n) if s % 2 == d % 2))
    for n in (4, 6, 8) for d in range(n)
]

PARTIES += [
    Party(f'[SK3] "the soloist is paid by (or pays) each of the two others": declarer {d} alone',
          pos("schafkopf", contract, THREE, declarer=d, **extra), frozenset({d}))
    for d in range(3) for contract, extra in [("solo", {"trump": "E"}), ("wenz", {"tout": True})]
]

DECKS = [
    Deck(f'[SW] "4 and 8 players: 32 cards (7 to A); 6 players: 36 cards (6 to A)": {n} players, '
         f"{len(deck) // n} cards each",
         pos("scharwenzel", "trump", fill("scharwenzel", {}, n), trump="C"), tuple(deck), len(deck) // n)
    for n, deck in [(4, FR32), (6, FR36), (8, FR32)]
] + [
    Deck('[SK] "Short deck (Kurze Karte)": 7s and 8s removed, 24 cards, 6 each',
         pos("schafkopf", "solo", _SHORT_SOLO, trump="E"), tuple(SK_SHORT), 6),
    Deck("[SK] 32 cards, 8 each", sauspiel(SAU4), tuple(SK_DECK), 8),
    Deck('[SK3] "three players, the 24-card short deck (no 7s and 8s), 8 cards each"',
         pos("schafkopf", "wenz", THREE), tuple(SK_SHORT), 8),
    Deck("[SK3] the same 24 cards dealt to four seats are the short deck of four players, 6 each",
         pos("schafkopf", "wenz", [" ".join(SK_SHORT[i * 6:(i + 1) * 6]) for i in range(4)]), tuple(SK_SHORT), 6),
    Deck("[JA] 36 cards, 9 each", pos("jass", "obenabe", OBENABE), tuple(FR36), 9),
]


# ---------------------------------------------------------------------------
# Weis and Stöck [JA] "Weis"
# ---------------------------------------------------------------------------
def weis_pos(deal, contract="trump", trump="H", leader=0):
    return pos("jass", contract, deal, leader=leader, **({"trump": trump} if contract == "trump" else {}))


WEIS_DEALS = [W_NONE, W_POINTS, W_SEQ_VS_FOUR, W_TOP, W_TRUMP, W_KREUZ, W_NINES, W_SIXES, OBENABE, SUITS]
_BEST = '[JA] "Only the team holding the best single Weis writes"'
_ORDER = '[JA] "then the one in the trump suit; then the player who comes first in playing order"'

WEIS = [
    Weis(f"[JA] no run of three, no four of a kind: no Weis; no trump K+Q in one hand: no Stöck "
         f"(trump {trump})", weis_pos(W_NONE, trump=trump), [0, 0], [0, 0])
    for trump in "CSHD"
] + [
    Weis(f"{_BEST}: s1's 50 beats s0's and s2's 20 + 20", weis_pos(W_POINTS), [0, 50], [0, 0]),
    Weis(f"{_BEST}: s1's 50 (undeufe)", weis_pos(W_POINTS, "undeufe"), [0, 50]),
] + [
    Weis(f'[JA] "at equal points a sequence beats four of a kind" (100 vs four Kings), leader {leader}',
         weis_pos(W_SEQ_VS_FOUR, leader=leader), [100, 0])
    for leader in range(4)
] + [
    Weis('[JA] "then the higher top card": SJ-K beats C7-9 (obenabe)',
         weis_pos(W_TOP, "obenabe", leader=0), [0, 20]),
    Weis('[JA] "then the higher top card": SJ-K beats C7-9 (trump Karo)',
         weis_pos(W_TOP, trump="D", leader=0), [0, 20]),
    Weis('[JA] "(undeufe: the lower)": C7-9 beats SJ-K', weis_pos(W_TOP, "undeufe", leader=1), [20, 0]),
    Weis(f"{_ORDER}: S7-9 in the trump suit", weis_pos(W_TRUMP, trump="S", leader=0), [0, 20]),
    Weis(f"{_ORDER}: C7-9 in the trump suit", weis_pos(W_TRUMP, trump="C", leader=1), [20, 0]),
    Weis(f"{_ORDER}: neither in trump, s0 first from leader 0", weis_pos(W_TRUMP, trump="D", leader=0),
         [20, 0]),
    Weis(f"{_ORDER}: neither in trump, s1 first from leader 1", weis_pos(W_TRUMP, trump="D", leader=1),
         [0, 20]),
    Weis(f"{_ORDER}: obenabe, order 3, 0, 1, 2", weis_pos(W_TRUMP, "obenabe", leader=3), [20, 0]),
    Weis(f"{_ORDER}: obenabe, order 2, 3, 0, 1", weis_pos(W_TRUMP, "obenabe", leader=2), [20, 0]),
    Weis(f"{_ORDER}: obenabe, order 1, 2, 3, 0", weis_pos(W_TRUMP, "obenabe", leader=1), [0, 20]),
    Weis('[JA] four Jacks 200; "A card may count in two Weis (Kreuzweis)": SJ in four Jacks and in '
         "SJ-SQ-SK, 220", weis_pos(W_KREUZ, trump="H"), [220, 0], [0, 0]),
    Weis("[JA] four 9s 150, the best Weis of the deal", weis_pos(W_NINES, trump="H"), [0, 150]),
    Weis('[JA] four of a kind 100 "(four 6s, 7s, 8s too)": four 6s beat a sequence of three',
         weis_pos(W_SIXES, trump="H"), [0, 100]),
    Weis("[JA] 8 in a row 250, 9 in a row 300; two equal 300s in obenabe: s2 first from leader 0",
         weis_pos(OBENABE, "obenabe", leader=0), [550, 0]),
    Weis("[JA] two equal 300s in obenabe: s3 first from leader 3",
         weis_pos(OBENABE, "obenabe", leader=3), [0, 550]),
    Weis('[JA] "Stöck: trump K+Q in one hand, 20, ... scored regardless of the Weis comparison"',
         weis_pos(W_TRUMP, trump="H", leader=0), [20, 0], [0, 20]),
    Weis('[JA] Stöck "in trump games only": none in obenabe', weis_pos(W_TRUMP, "obenabe"), [20, 0], [0, 0]),
    Weis('[JA] Stöck "in trump games only": none in undeufe', weis_pos(W_TRUMP, "undeufe"), [20, 0], [0, 0]),
    Weis("[JA] Stöck: s0 holds SK and SQ (trump Schaufel)", weis_pos(W_KREUZ, trump="S"), [220, 0], [20, 0]),
    Weis("[JA] Stöck: nobody holds CK and CQ together (trump Kreuz)", weis_pos(W_KREUZ, trump="C"),
         [220, 0], [0, 0]),
    Weis("[JA] four sequences of 9, all topped by the Ace: the one in the trump suit is best, its team "
         "writes both 300s; Stöck with the trump K+Q (trump Kreuz)", weis_pos(SUITS, trump="C"),
         [600, 0], [20, 0]),
    Weis("[JA] four sequences of 9: trump Herz", weis_pos(SUITS, trump="H"), [0, 600], [0, 20]),
    Weis("[JA] four sequences of 9 in obenabe: first from leader 1", weis_pos(SUITS, "obenabe", leader=1),
         [0, 600], [0, 0]),
]


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------
GOOD_SAU = SAU4   # a valid Sauspiel; each REJECT case below changes one thing


def bad(**change):
    """GOOD_SAU with ``change`` applied (a value None removes the key)."""
    p = sauspiel(GOOD_SAU)
    p.update(change)
    return {k: v for k, v in p.items() if v is not None}


def _deal_with(**seats):
    deal = list(GOOD_SAU)
    for seat, hand in seats.items():
        deal[int(seat[1:])] = hand
    return deal


_BAD_DECK_SW = [
    (n, [" ".join(deck[i * (len(deck) // n):(i + 1) * (len(deck) // n)]) for i in range(n)])
    for n, deck in [(4, FR36), (6, FR32), (8, FR36)]
]
_SIX_HANDS = [" ".join(FR36[i * 6:(i + 1) * 6]) for i in range(5)] + [" ".join(FR36[30:])]

REJECT = [
    Reject("Validation: unknown game", bad(game="poker"), solver_words=("game",)),
    Reject("Validation: unknown contract", bad(contract="bettel"), solver_words=("contract",)),
    Reject("Validation: a Schafkopf contract in Jass", pos("jass", "sauspiel", fill("jass", {})),
           solver_words=("contract",)),
    Reject("Validation: unknown trump suit (Schafkopf)", pos("schafkopf", "solo", fill("schafkopf", {}), trump="X"),
           solver_words=("suit",)),
    Reject("Validation: a German suit in Jass", pos("jass", "trump", fill("jass", {}), trump="E"),
           solver_words=("suit",)),
    Reject("Validation: unknown called suit", bad(called="Q"), solver_words=("suit",)),
    Reject("Validation: a card that is not in the deck (S6), naming the seat",
           bad(deal=_deal_with(s3=GOOD_SAU[3].replace("S7", "S6"))), solver_words=("S6", "seat 3")),
    Reject("Validation: a card that is no card (Q7)", bad(deal=_deal_with(s3=GOOD_SAU[3].replace("S7", "Q7"))),
           solver_words=("Q7",)),
    Reject('Validation: "A full deal must list the complete deck": S8 twice, S7 missing',
           bad(deal=_deal_with(s3=GOOD_SAU[3].replace("S7", "S8"))), solver_words=("S8",)),
    Reject("Validation: SU twice, S7 missing", bad(deal=_deal_with(s3="EU GU HA H10 HU SA SU SU"))),
    Reject("Validation: 7 cards each, 4 cards missing", bad(deal=[" ".join(h.split()[:7]) for h in GOOD_SAU])),
    Reject("Validation: all hands must have the same size (S7 moved to seat 1)",
           bad(deal=_deal_with(s1=GOOD_SAU[1] + " S7", s3=GOOD_SAU[3].replace(" S7", ""))),
           solver_words=("size",)),
    Reject("Validation: hands of different sizes (seat 3 with 9 cards, S7 twice)",
           bad(deal=_deal_with(s3="EU GU HA H10 HU SA SU S7 S7"))),
    Reject('[SK] Sauspiel: "the declarer calls the Sau of E, G or S": not Herz', bad(called="H"),
           solver_words=("Herz|trump",)),
    Reject("[SK] Sauspiel: a call is required", bad(called=None), solver_words=("called",)),
    Reject('[SK] Sauspiel: the declarer "must not hold it"',
           bad(deal=_deal_with(s0="EA GA G10 GK HK H9 H8 H7", s2="E7 E10 E9 E8 EO GO HO SO")),
           solver_words=("Sau",)),
    Reject('[SK] Sauspiel: the declarer "must hold a non-trump card of that suit": only the trump EO',
           bad(deal=_deal_with(s0="EO GA G10 GK HK H9 H8 H7", s2="EA E10 E9 E8 E7 GO HO SO"))),
    Reject("[SK] Sauspiel: calling Gras with GO as the only Gras-lettered card (a trump)",
           bad(called="G", deal=[GOOD_SAU[2], GOOD_SAU[0], GOOD_SAU[1], GOOD_SAU[3]]),
           solver_words=("called suit",)),
    Reject('Validation: "illegal card in play with the seat and the rule in the message": must follow Eichel',
           bad(play=["E7", "G9"]), names=("seat 1", "G9"), solver_words=("follow",)),
    Reject("[SK] Sauspiel 3: the Sau discarded on a Gras lead", bad(play=["GA", "G7", "EA"]),
           names=("seat 2", "EA"), solver_words=("Sau",)),
    Reject("Validation: a card that is not in the hand of the seat to move (EO is seat 2's)",
           bad(play=["H7", "EO"]), names=("seat 1", "EO")),
    Reject("[SK] Sauspiel 2: leading E9 with three Eichel is illegal by default",
           sauspiel(SAU3, leader=2, play=["E9"]), names=("seat 2", "E9"), solver_words=("davonlaufen",)),
    Reject("Validation: play longer than the deal", sauspiel(SAU_LAST, play=SAU_LAST_PLAY + ["EA"]),
           solver_words=("33",)),
    Reject("[SK] Tout exists for solo, wenz, geier, farbwenz, farbgeier only: not in a Sauspiel",
           bad(tout=True)),
    Reject("[SK] Tout: not in a Ramsch", pos("schafkopf", "ramsch", fill("schafkopf", {}), tout=True)),
    Reject("[SK] Tout: not in Jass", pos("jass", "obenabe", fill("jass", {}), tout=True)),
    Reject("Validation: unknown rule variant", bad(rules={"davonlaufen": 3})),
    Reject("[SK3] no Sauspiel for three, so its davonlaufen variant cannot matter: refused",
           pos("schafkopf", "solo", THREE, trump="H", rules={"davonlaufen_min": 3})),
    Reject("[SW] 4, 6 or 8 players only: 5", pos("scharwenzel", "trump", _SIX_HANDS[:5], trump="C")),
    Reject("[JA] 4 players only: 6", pos("jass", "obenabe", _SIX_HANDS)),
    Reject('[SK] "Short deck (Kurze Karte)": no 7s in it',
           pos("schafkopf", "solo", ["EO GO HO SO EU E7", _SHORT_SOLO[1], _SHORT_SOLO[2], "HK H9 SA S10 SK GU"],
               trump="E"), solver_words=("E7",)),
    Reject("[SK] 28 cards are neither the long nor the short deck (7 each)",
           pos("schafkopf", "solo", ["EO GO HO SO EU GU E7", _SHORT_SOLO[1] + " E8", _SHORT_SOLO[2] + " G7",
                                     _SHORT_SOLO[3] + " G8"], trump="E")),
    Reject('[SK3] "the 24-card short deck (no 7s and 8s)": no 7s in a three-hand deal',
           pos("schafkopf", "solo", [THREE[0], THREE[1], THREE[2].replace("E9", "E7")], trump="H"),
           solver_words=("E7", "Schafkopf for three")),
    Reject('[SK3] "the 24-card short deck (no 7s and 8s)": no 8s in a three-hand deal',
           pos("schafkopf", "wenz", [THREE[0].replace("EK", "S8"), THREE[1], THREE[2]]),
           solver_words=("S8", "Schafkopf for three")),
    Reject("[SK3] 8 cards each: three hands of 6 are no dealing of Schafkopf",
           pos("schafkopf", "solo", [" ".join(SK_SHORT[i * 6:(i + 1) * 6]) for i in range(3)], trump="H"),
           solver_words=("3 players", "8 cards")),
    Reject("[SK3] the three hands of 8 are the whole 24-card deal: no fourth hand",
           pos("schafkopf", "solo", THREE + [""], trump="H"), solver_words=("size",)),
    Reject('[SK3] "no Sauspiel" for three (seat 1 could call the Gras Sau)',
           sauspiel(THREE, declarer=1, called="G"), solver_words=("sauspiel", "4 players", "for three")),
    Reject('[SK3] "no Ramsch" for three', pos("schafkopf", "ramsch", THREE),
           solver_words=("ramsch", "4 players", "for three")),
] + [
    Reject(f"[SW] the deck depends on the player count (6s only with 6 players): {n} players, "
           f"{sum(len(h.split()) for h in deal)} cards", pos("scharwenzel", "trump", deal, trump="C"))
    for n, deal in _BAD_DECK_SW
]

ACCEPT = [
    Accept("Validation: the base Sauspiel of the bad-input cases", sauspiel(GOOD_SAU)),
    Accept('[SK] "Variant: minimum for davonlaufen 3" is a known rule option', bad(rules={"davonlaufen_min": 3})),
    Accept("[SK] Tout exists for wenz", pos("schafkopf", "wenz", fill("schafkopf", {}), tout=True)),
] + [
    Accept(f"[SK3] Schafkopf for three: {contract}{' tout' if tout else ''}, declarer {d}",
           pos("schafkopf", contract, THREE, declarer=d, leader=(d + 1) % 3, tout=tout, **extra))
    for d, (contract, extra) in enumerate([("solo", {"trump": "S"}), ("geier", {}), ("farbwenz", {"trump": "G"})])
    for tout in (False, True)
]
