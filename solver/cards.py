"""Cards and their notation.

Every game uses one card index layout, ``suit * 9 + rank``, so that any
deck (32 or 36 cards) fits a 64-bit mask and the search needs no per-game
index translation.  Ranks are numbered in the order they are printed in
docs/rules.md's notation table; that order carries no trick-taking meaning (the
contract tables in :mod:`stichfest.contracts` give that).

Notation (docs/rules.md, "Card notation"): suit letter + rank, e.g. ``EO``,
``H10``, ``CJ``.  Parsers also take lower case, ``Z``/``X`` for the
Schafkopf ten and the suit symbols (♣=E, ♠=G, ♥=H, ♦=S for Schafkopf;
♣=C, ♠=S, ♥=H, ♦=D for the French deck), also as the white symbols
(♧ ♤ ♡ ♢) and as emoji (a symbol followed by U+FE0F, which phones send).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

GERMAN = "german"
FRENCH = "french"

SUIT_LETTERS = {GERMAN: "EGHS", FRENCH: "CSHD"}
SUIT_NAMES = {
    GERMAN: ("Eichel", "Gras", "Herz", "Schellen"),
    FRENCH: ("Kreuz", "Pik", "Herz", "Karo"),
}
SUIT_SYMBOLS = "♣♠♥♦"
# What a pasted suit symbol may also look like: the white (outlined) symbols,
# and the variation selectors that turn a symbol into an emoji (U+FE0F) or
# back into text (U+FE0E), which carry no meaning of their own here.
_SYMBOL_FORMS = str.maketrans({"♧": "♣", "♤": "♠", "♡": "♥", "♢": "♦", "\ufe0f": None, "\ufe0e": None})
RANKS = {
    GERMAN: ("A", "10", "K", "O", "U", "9", "8", "7"),
    FRENCH: ("A", "K", "Q", "J", "10", "9", "8", "7", "6"),
}
_RANK_ALIASES = {GERMAN: {"Z": "10", "X": "10"}, FRENCH: {}}

RANKS_PER_SUIT = 9  # index stride, shared by both decks
GAME_DECK = {"schafkopf": GERMAN, "jass": FRENCH, "scharwenzel": FRENCH}


class CardError(ValueError):
    """A card string that names no card of the deck."""


@dataclass(frozen=True, order=True)
class Card:
    """One card of a given deck style.

    ``index`` is the bit position used by the solver (``suit * 9 + rank``).
    """

    index: int
    deck: str = GERMAN

    def __post_init__(self) -> None:
        # refused where it is made, not later in str() or repr()
        if self.deck not in RANKS:
            raise CardError(f"unknown deck {self.deck!r} (decks: {GERMAN}, {FRENCH})")
        if isinstance(self.index, bool) or not isinstance(self.index, int) \
                or not 0 <= self.index < 4 * RANKS_PER_SUIT \
                or self.index % RANKS_PER_SUIT >= len(RANKS[self.deck]):
            raise CardError(f"no card of index {self.index!r} in the {self.deck} deck "
                            f"(suit * {RANKS_PER_SUIT} + rank; Card.parse('EO') names one)")

    @property
    def suit(self) -> int:
        return self.index // RANKS_PER_SUIT

    @property
    def rank(self) -> str:
        return RANKS[self.deck][self.index % RANKS_PER_SUIT]

    @property
    def suit_letter(self) -> str:
        return SUIT_LETTERS[self.deck][self.suit]

    def __str__(self) -> str:
        return self.suit_letter + self.rank

    @classmethod
    def parse(cls, text: str, deck: str = GERMAN) -> Card:
        """The card named ``text`` in ``deck`` (:func:`parse_card`)."""
        return parse_card(text, deck)

    def __repr__(self) -> str:
        # what evaluates back to this card, as python-chess prints Move.from_uci(...)
        if self.deck == GERMAN:
            return f"Card.parse({str(self)!r})"
        return f"Card.parse({str(self)!r}, {self.deck!r})"

    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``♥10``."""
        return SUIT_SYMBOLS[self.suit] + self.rank


def plain_symbols(text: str) -> str:
    """``text`` with every suit symbol in its plain form (♣♠♥♦): white
    symbols filled in, emoji variation selectors dropped.

    >>> plain_symbols("\u2665\ufe0fA \u2661K")
    '♥A ♥K'
    """
    return text.translate(_SYMBOL_FORMS)


def suit_of(text: Any, deck: str) -> int | None:
    """The suit (0..3) that ``text``, one suit letter of ``deck`` (any case)
    or a suit symbol, names; None if it names none."""
    if not isinstance(text, str):
        return None
    v = plain_symbols(text).strip()
    if len(v) != 1:
        return None
    if v.upper() in SUIT_LETTERS[deck]:
        return SUIT_LETTERS[deck].index(v.upper())
    return SUIT_SYMBOLS.index(v) if v in SUIT_SYMBOLS else None


def card(suit: int, rank: str, deck: str = GERMAN) -> Card:
    """The card of ``suit`` (0..3) and printed ``rank`` in ``deck``."""
    return Card(suit * RANKS_PER_SUIT + RANKS[deck].index(rank), deck)


def parse_card(text: str, deck: str = GERMAN) -> Card:
    """Parse one card in the notation of docs/rules.md.

    >>> str(parse_card("hz"))
    'H10'
    >>> str(parse_card("♣J", FRENCH))
    'CJ'
    """
    if not isinstance(text, str):
        raise CardError(f"a card is written as text such as 'EA', not {text!r}")
    if deck not in RANKS:
        raise CardError(f"unknown deck {deck!r} (decks: {GERMAN}, {FRENCH})")
    raw = plain_symbols(text).strip()
    if len(raw) < 2:
        raise CardError(f"unknown card {text!r}")
    head, rank = raw[0], raw[1:].upper()
    if head in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS.index(head)
    else:
        letters = SUIT_LETTERS[deck]
        if head.upper() not in letters:
            raise CardError(f"unknown suit {head!r} in card {text!r} (suits: {' '.join(letters)})")
        suit = letters.index(head.upper())
    rank = _RANK_ALIASES[deck].get(rank, rank)
    if rank not in RANKS[deck]:
        raise CardError(
            f"unknown rank {raw[1:]!r} in card {text!r} (ranks: {' '.join(RANKS[deck])})"
        )
    return card(suit, rank, deck)


def card_items(cards: str | Iterable[Any]) -> list[Any]:
    """The items of a hand or a play given as one string (cards separated by
    spaces or commas) or as a list: the one place such a string is split."""
    return cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)


def parse_cards(text: str | Iterable[str | Card], deck: str = GERMAN) -> list[Card]:
    """Parse a space- or comma-separated hand, or a list of card strings
    (a :class:`Card` in the list is taken as it is)."""
    return [item if isinstance(item, Card) else parse_card(item, deck) for item in card_items(text)]


def format_cards(cards: Iterable[Card]) -> str:
    """The cards in notation, space-separated: ``"EO H10 SA"``."""
    return " ".join(str(c) for c in cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards`` (bit ``c.index`` set for each)."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def bits(mask: int) -> Iterator[int]:
    """The card indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask: int) -> int:
    return mask.bit_count()


def cards_of(mask: int, deck: str) -> list[Card]:
    return [Card(i, deck) for i in bits(mask)]


# ---------------------------------------------------------------------------
# Dealings: which cards are dealt, by game, number of players and hand size.

#: ``(game, players) -> {cards per hand: ranks left out of the deck}``; the
#: first hand size listed is the usual one.  Schafkopf's short deck (Kurze
#: Karte) leaves out the 7s and 8s, with four players (6 cards each) and in
#: Schafkopf for three (8 each); Scharwenzel for 4 or 8 players the 6s.
DEALINGS: dict[tuple[str, int], dict[int, tuple[str, ...]]] = {
    ("schafkopf", 4): {8: (), 6: ("7", "8")},
    ("schafkopf", 3): {8: ("7", "8")},
    ("jass", 4): {9: ()},
    ("scharwenzel", 4): {8: ("6",)},
    ("scharwenzel", 6): {6: ()},
    ("scharwenzel", 8): {4: ("6",)},
}


def is_short_deck(game: str, n_seats: int, hand_size: int) -> bool:
    """Whether hands of ``hand_size`` are the smaller of two dealings of
    ``game`` for ``n_seats`` players: the short deck (Kurze Karte) of
    Schafkopf for four.  (Schafkopf for three leaves out the same cards,
    but it has no other dealing, and its headers say "for 3 players".)"""
    sizes = DEALINGS.get((game, n_seats), {})
    return len(sizes) > 1 and hand_size == min(sizes)


def players_of(game: str) -> tuple[int, ...]:
    """The numbers of players ``game`` is dealt for."""
    return tuple(n for g, n in DEALINGS if g == game)


def either(numbers: Iterable[int]) -> str:
    """Numbers as a message says them: ``"4"``, ``"4 or 6"``, ``"4, 6 or 8"``."""
    words = [str(n) for n in sorted(numbers)]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def deck_cards(game: str, n_seats: int, hand_size: int) -> list[Card]:
    """The cards in play for ``game`` dealt to ``n_seats`` hands of ``hand_size``
    (a KeyError for a dealing the game does not know)."""
    deck = GAME_DECK[game]
    left_out = DEALINGS[(game, n_seats)][hand_size]
    return [card(s, r, deck) for s in range(4) for r in RANKS[deck] if r not in left_out]


def dealings_for_hand(game: str, hand_size: int) -> list[tuple[int, int]]:
    """Every ``(players, hand size)`` of ``game`` whose hands have ``hand_size`` cards."""
    return [(n, size) for (g, n), sizes in DEALINGS.items() if g == game
            for size in sizes if size == hand_size]
