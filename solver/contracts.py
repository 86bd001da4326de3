"""Game rules as data: one table per contract, compiled into the search.

A :class:`ContractTable` says, for every card index, which *following
class* it belongs to (its plain suit 0..3, or :data:`TRUMP`), its strength
inside that class and its card points.  Trick winners, following and card
equivalence are all derived from these three arrays, so a contract is
added here and nowhere else.  Every order below is copied from the table
in RULES.md (sections "Schafkopf", "Swiss Jass", "Scharwenzel").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .cards import FRENCH, GAME_DECK, GERMAN, RANKS_PER_SUIT, SUIT_LETTERS, card

TRUMP = 4  # following class of trumps; 0..3 are the plain suits

GAMES = ("schafkopf", "jass", "scharwenzel")
CONTRACTS = {
    "schafkopf": ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "ramsch"),
    "jass": ("trump", "obenabe", "undeufe"),
    "scharwenzel": ("trump",),
}
NEEDS_TRUMP = {
    ("schafkopf", "solo"), ("schafkopf", "farbwenz"), ("schafkopf", "farbgeier"),
    ("jass", "trump"), ("scharwenzel", "trump"),
}
TOUT_CONTRACTS = ("solo", "wenz", "geier", "farbwenz", "farbgeier")

# How a card may be played beyond "follow the led class, else anything".
PLAY_STANDARD = 0
PLAY_JASS_TRUMP = 1  # trump at will, no undertrumping, Buur never forced

# What a trick is worth to the party that wins it.
SCORE_POINTS = 0
SCORE_TRICKS = 1

_GERMAN_POINTS = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
_JASS_PLAIN_POINTS = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
_JASS_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "10": 10}
_JASS_OBENABE_POINTS = {**_JASS_PLAIN_POINTS, "8": 8}
_JASS_UNDEUFE_POINTS = {"6": 11, "10": 10, "8": 8, "K": 4, "Q": 3, "J": 2, "A": 0}


@dataclass(frozen=True)
class ContractTable:
    """Per-card rule data of one contract (indexed by ``Card.index``)."""

    game: str
    contract: str
    trump: int | None  # trump suit (0..3) where the contract names one
    tout: bool
    deck: str
    follow_class: tuple[int, ...]  # 0..3 plain suit, TRUMP
    strength: tuple[int, ...]  # higher wins within one following class
    points: tuple[int, ...]
    play_rule: int
    score_mode: int
    last_trick_bonus: int = 0
    match_bonus: int = 0
    special_card: int = -1  # never merged with neighbours (the Jass Buur)
    trump_order: tuple[int, ...] = field(default=())  # high to low

    def display_key(self, index: int) -> tuple[int, int, int]:
        """Sort key for showing cards: trumps first, then each plain suit, strongest first."""
        k = self.follow_class[index]
        return (k != TRUMP, k, -self.strength[index])

    def ordered(self, klass: int) -> list[int]:
        """Card indices of one following class, strongest first."""
        idx = [i for i in range(4 * RANKS_PER_SUIT) if self.follow_class[i] == klass
               and self.strength[i] > 0]
        return sorted(idx, key=lambda i: -self.strength[i])


def _build(game, contract, trump, tout, deck, trumps, plain_orders, points, **extra):
    """``trumps``: card indices high to low; ``plain_orders[s]``: ranks high to low."""
    n = 4 * RANKS_PER_SUIT
    follow = [0] * n
    strength = [0] * n
    pts = [0] * n
    for s in range(4):
        order = plain_orders[s]
        for pos, rank in enumerate(order):
            i = card(s, rank, deck).index
            follow[i] = s
            strength[i] = len(order) - pos
    for pos, i in enumerate(trumps):
        follow[i] = TRUMP
        strength[i] = len(trumps) - pos
    for i in range(n):
        s, r = divmod(i, RANKS_PER_SUIT)
        if r < len(_ranks(deck)):
            pts[i] = points(s, _ranks(deck)[r])
    return ContractTable(game, contract, trump, tout, deck, tuple(follow), tuple(strength),
                         tuple(pts), trump_order=tuple(trumps), **extra)


def _ranks(deck):
    from .cards import RANKS
    return RANKS[deck]


def _schafkopf(contract: str, trump: int | None, tout: bool) -> ContractTable:
    g = GERMAN
    obers = [card(s, "O", g).index for s in range(4)]
    unters = [card(s, "U", g).index for s in range(4)]
    if contract in ("sauspiel", "ramsch"):
        trump = 2  # Herz
    if contract in ("sauspiel", "ramsch", "solo"):
        high, suit_order = obers + unters, ("A", "10", "K", "9", "8", "7")
    elif contract in ("wenz", "farbwenz"):
        high, suit_order = unters, ("A", "10", "K", "O", "9", "8", "7")
    else:  # geier, farbgeier
        high, suit_order = obers, ("A", "10", "K", "U", "9", "8", "7")
    trumps = list(high)
    plain = []
    for s in range(4):
        if trump == s:
            trumps += [card(s, r, g).index for r in suit_order]
            plain.append(())
        else:
            plain.append(suit_order)
    table_trump = trump if contract not in ("wenz", "geier") else None
    return _build("schafkopf", contract, table_trump, tout, g, trumps, plain,
                  lambda s, r: _GERMAN_POINTS[r], play_rule=PLAY_STANDARD,
                  score_mode=SCORE_TRICKS if tout else SCORE_POINTS)


def _jass(contract: str, trump: int | None) -> ContractTable:
    f = FRENCH
    natural = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
    if contract == "trump":
        trumps = [card(trump, r, f).index for r in ("J", "9", "A", "K", "Q", "10", "8", "7", "6")]
        plain = [() if s == trump else natural for s in range(4)]
        return _build("jass", contract, trump, False, f, trumps, plain,
                      lambda s, r: (_JASS_TRUMP_POINTS if s == trump else _JASS_PLAIN_POINTS).get(r, 0),
                      play_rule=PLAY_JASS_TRUMP, score_mode=SCORE_POINTS,
                      last_trick_bonus=5, match_bonus=100,
                      special_card=card(trump, "J", f).index)
    if contract == "obenabe":
        order, pts = natural, _JASS_OBENABE_POINTS
    else:  # undeufe
        order, pts = tuple(reversed(natural)), _JASS_UNDEUFE_POINTS
    return _build("jass", contract, None, False, f, [], [order] * 4,
                  lambda s, r: pts.get(r, 0), play_rule=PLAY_STANDARD,
                  score_mode=SCORE_POINTS, last_trick_bonus=5, match_bonus=100)


def _scharwenzel(trump: int) -> ContractTable:
    f = FRENCH
    clubs, spades = 0, 1
    trumps = [card(clubs, "Q", f).index, card(trump, "7", f).index, card(spades, "Q", f).index]
    trumps += [card(s, "J", f).index for s in range(4)]
    red_order = ("A", "K", "Q", "10", "9", "8", "7", "6")
    black_order = ("A", "K", "10", "9", "8", "7", "6")
    plain = []
    for s in range(4):
        order = red_order if s in (2, 3) else black_order
        if s == trump:
            trumps += [card(s, r, f).index for r in order if r != "7"]
            plain.append(())
        else:
            plain.append(order)
    return _build("scharwenzel", "trump", trump, False, f, trumps, plain, lambda s, r: 0,
                  play_rule=PLAY_STANDARD, score_mode=SCORE_TRICKS)


@cache
def contract_table(game: str, contract: str, trump: int | None = None,
                   tout: bool = False) -> ContractTable:
    """The rule table of one contract (built once, then shared: tables are
    immutable); arguments are assumed validated."""
    if game == "schafkopf":
        return _schafkopf(contract, trump, tout)
    if game == "jass":
        return _jass(contract, trump)
    return _scharwenzel(trump)


def suit_letter(game: str, suit: int) -> str:
    return SUIT_LETTERS[GAME_DECK[game]][suit]
