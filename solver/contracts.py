"""Game rules as data: one table per contract, compiled into the search.

Two layers, both data:

* :class:`ContractTable` says, for every card index, which *following
  class* it belongs to (its plain suit 0..3, or :data:`TRUMP`), its
  strength inside that class and its card points.  Trick winners,
  following and card equivalence are all derived from these arrays; the
  search is compiled from them.
* :class:`ContractKind` is the registry entry of one contract of one game
  (python-chess's ``variant.py`` pattern): its names, whether it names a
  trump or calls a Sau, who plays with whom, what its value counts, its
  result thresholds and its tariff keys, and the builder of its table.
  :data:`REGISTRY` lists them; everything else (positions, the analysis,
  the command line) reads contract facts from there, so a contract is
  added here.

:class:`Contract` is a value: one announced contract (kind plus trump,
called suit and Tout).  Every card order below is the one of the
project's rule book, ``docs/rules.md``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property

from .cards import (
    FRENCH,
    GAME_DECK,
    GERMAN,
    RANKS,
    RANKS_PER_SUIT,
    SUIT_LETTERS,
    SUIT_NAMES,
    Card,
    card,
    suit_of,
)

TRUMP = 4  # following class of trumps; 0..3 are the plain suits

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

    @cached_property
    def class_masks(self) -> tuple[int, ...]:
        """Per following class (0..3 plain suits, :data:`TRUMP`), the mask of its cards."""
        masks = [0] * 5
        for i, k in enumerate(self.follow_class):
            if self.strength[i]:
                masks[k] |= 1 << i
        return tuple(masks)

    def beats(self, a: int, b: int) -> bool:
        """Whether card ``a``, played after ``b``, beats it (``b`` winning so far)."""
        ka, kb = self.follow_class[a], self.follow_class[b]
        return (ka == kb and self.strength[a] > self.strength[b]) or (ka == TRUMP and kb != TRUMP)

    def undertrumps(self, c: int, trick: Iterable[int]) -> bool:
        """Whether trump ``c`` is lower than a trump already in ``trick``
        (Jass forbids it on a plain lead unless the hand is all trumps)."""
        return any(self.follow_class[x] == TRUMP and self.strength[x] > self.strength[c] for x in trick)

    def winning_offset(self, cards: list[int]) -> int:
        """Position in ``cards`` (in playing order) of the card that wins the trick so far."""
        best = 0
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[best]):
                best = i
        return best

    def sorted_cards(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` in showing order: trumps first, then each plain suit, strongest first."""
        return sorted(cards, key=lambda c: self.display_key(c.index))

    def ordered(self, klass: int) -> list[int]:
        """Card indices of one following class, strongest first."""
        idx = [i for i in range(4 * RANKS_PER_SUIT) if self.follow_class[i] == klass
               and self.strength[i] > 0]
        return sorted(idx, key=lambda i: -self.strength[i])


def _build(game: str, contract: str, trump: int | None, tout: bool, deck: str, trumps: list[int],
           plain_orders: list[tuple[str, ...]], points: Callable[[int, str], int],
           **extra: int) -> ContractTable:
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
        if r < len(RANKS[deck]):
            pts[i] = points(s, RANKS[deck][r])
    return ContractTable(game, contract, trump, tout, deck, tuple(follow), tuple(strength),
                         tuple(pts), trump_order=tuple(trumps), **extra)


def _schafkopf(contract: str, trump: int | None, tout: bool) -> ContractTable:
    g = GERMAN
    obers = [card(s, "O", g).index for s in range(4)]
    unters = [card(s, "U", g).index for s in range(4)]
    if contract in ("sauspiel", "ramsch"):
        trump = 2  # Herz
    suit_order: tuple[str, ...]
    if contract in ("sauspiel", "ramsch", "solo"):
        high, suit_order = obers + unters, ("A", "10", "K", "9", "8", "7")
    elif contract in ("wenz", "farbwenz"):
        high, suit_order = unters, ("A", "10", "K", "O", "9", "8", "7")
    else:  # geier, farbgeier
        high, suit_order = obers, ("A", "10", "K", "U", "9", "8", "7")
    trumps = list(high)
    plain: list[tuple[str, ...]] = []
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
    natural: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
    if contract == "trump":
        assert trump is not None
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
    plain: list[tuple[str, ...]] = []
    for s in range(4):
        order = red_order if s in (2, 3) else black_order
        if s == trump:
            trumps += [card(s, r, f).index for r in order if r != "7"]
            plain.append(())
        else:
            plain.append(order)
    return _build("scharwenzel", "trump", trump, False, f, trumps, plain, lambda s, r: 0,
                  play_rule=PLAY_STANDARD, score_mode=SCORE_TRICKS)




# ---------------------------------------------------------------------------
# The registry: one entry per contract of each game.

#: Who plays with the declarer (the party whose result ``value`` reports).
PARTY_ALONE = "alone"  # the declarer alone (Schafkopf solo games, Ramsch)
PARTY_CALLED = "called"  # the declarer and the holder of the called Sau (Sauspiel)
PARTY_ACROSS = "across"  # the declarer and the seat opposite (Jass teams 0+2, 1+3)
PARTY_ALTERNATE = "alternate"  # every other seat (Scharwenzel: seats of the declarer's parity)

#: What ``value`` counts.
COUNTS_POINTS = "points"  # card points (Jass: with the last trick's 5 and the match bonus)
COUNTS_TRICKS = "tricks"  # tricks taken (Scharwenzel; every Schafkopf Tout)

TableBuilder = Callable[[int | None, bool], ContractTable]


@dataclass(frozen=True)
class ContractKind:
    """Everything the program knows about one contract of one game.

    ``thresholds`` are the card-point boundaries of the party's result
    levels where ``counts`` is points (Schafkopf: 31 Schneider free, 61
    won, 91 the defenders Schneider; Jass: 79, more than half of 157).
    ``tariff_key(trump)`` names the :class:`~stichfest.analysis.scoring.Tariff`
    fields that price it.
    """

    game: str
    name: str
    title: str  # as players say it, e.g. "Sauspiel", "Obenabe"
    build: TableBuilder = field(repr=False)
    needs_trump: bool = False  # the announcement names the trump suit
    fixed_trump: int | None = None  # a trump suit the contract always has (Herz in Sauspiel/Ramsch)
    tout_allowed: bool = False
    calls_sau: bool = False
    party: str = PARTY_ALONE
    against_all: bool = False  # Ramsch: every other seat plays to raise the declarer's points
    counts: str = COUNTS_POINTS
    announced: bool = True  # Ramsch is played when nobody announces
    paid_by_one: bool = False  # Sauspiel: one defender pays the declarer (the other the partner)
    thresholds: tuple[int, ...] = ()
    tariff_key: Callable[[int | None], str] = field(default=lambda trump: "", repr=False)
    players: tuple[int, ...] | None = None  # the numbers of players it is played by (None: all the game's)
    #: Cards whose holder wins without play (Sie: the four Ober and four
    #: Unter); such a contract is never played, so positions do not take it.
    claim: tuple[str, ...] = ()

    def table(self, trump: int | None = None, tout: bool = False) -> ContractTable:
        return contract_table(self.game, self.name, trump, tout)

    @property
    def played(self) -> bool:
        """False for a contract won by holding its cards (Sie): nothing to play."""
        return not self.claim

    def claimed_by(self, hand: Iterable[Card]) -> bool:
        """Whether ``hand`` holds every card of the claim (always False for a played contract)."""
        held = {str(c) for c in hand}
        return bool(self.claim) and all(c in held for c in self.claim)


def _schafkopf_kind(name: str, title: str, **facts: object) -> ContractKind:
    return ContractKind("schafkopf", name, title, lambda trump, tout: _schafkopf(name, trump, tout),
                        thresholds=(31, 61, 91), tariff_key=lambda trump: name, **facts)  # type: ignore[arg-type]


def _jass_kind(name: str, title: str, **facts: object) -> ContractKind:
    return ContractKind("jass", name, title, lambda trump, tout: _jass(name, trump), party=PARTY_ACROSS,
                        thresholds=(79,), **facts)  # type: ignore[arg-type]


_SOLO_GAME = {"tout_allowed": True}
#: The clubs suit of the French pack (C S H D): Scharwenzel values a clubs game apart.
CLUBS = 0

REGISTRY: tuple[ContractKind, ...] = (
    _schafkopf_kind("sauspiel", "Sauspiel", fixed_trump=2, calls_sau=True, party=PARTY_CALLED,
                    paid_by_one=True, players=(4,)),
    _schafkopf_kind("solo", "Solo", needs_trump=True, **_SOLO_GAME),
    _schafkopf_kind("wenz", "Wenz", **_SOLO_GAME),
    _schafkopf_kind("geier", "Geier", **_SOLO_GAME),
    _schafkopf_kind("farbwenz", "Farbwenz", needs_trump=True, **_SOLO_GAME),
    _schafkopf_kind("farbgeier", "Farbgeier", needs_trump=True, **_SOLO_GAME),
    _schafkopf_kind("ramsch", "Ramsch", fixed_trump=2, against_all=True, announced=False, players=(4,)),
    # Sie: the eight Ober and Unter in one hand (8 cards: four players, or
    # three with the 24-card deck) win outright, above every Tout; its table
    # is a Solo's (the Ober and Unter on top), used only to count Laufende.
    ContractKind("schafkopf", "sie", "Sie", lambda trump, tout: _schafkopf("solo", 2, False),
                 thresholds=(31, 61, 91), tariff_key=lambda trump: "sie",
                 claim=tuple(f"{s}{r}" for r in ("O", "U") for s in SUIT_LETTERS[GERMAN])),
    _jass_kind("trump", "Trumpf", needs_trump=True,
               tariff_key=lambda trump: "jass_factor_" + SUIT_LETTERS[FRENCH][trump or 0]),
    _jass_kind("obenabe", "Obenabe", tariff_key=lambda trump: "jass_factor_obenabe"),
    _jass_kind("undeufe", "Undeufe", tariff_key=lambda trump: "jass_factor_undeufe"),
    # an announced Tout is the same play (its value already counts tricks), scored apart
    ContractKind("scharwenzel", "trump", "Trumpf", lambda trump, tout: _scharwenzel(trump or 0),
                 needs_trump=True, tout_allowed=True, party=PARTY_ALTERNATE, counts=COUNTS_TRICKS,
                 tariff_key=lambda trump: "scharwenzel_game_clubs" if trump == CLUBS else "scharwenzel_game"),
)
_KINDS = {(k.game, k.name): k for k in REGISTRY}

GAMES = ("schafkopf", "jass", "scharwenzel")
#: The suits whose Sau a Sauspiel may call: Eichel, Gras, Schellen (Herz is trump).
CALLABLE_SUITS = (0, 1, 3)
#: Names per game of the contracts that are played (what a position may name), in the registry's order.
CONTRACTS = {g: tuple(k.name for k in REGISTRY if k.game == g and k.played) for g in GAMES}
#: Names per game of the contracts won by holding their cards, without play (Sie).
CLAIMS = {g: tuple(k.name for k in REGISTRY if k.game == g and not k.played) for g in GAMES}
NEEDS_TRUMP = frozenset((k.game, k.name) for k in REGISTRY if k.needs_trump)


def tout_contracts(game: str) -> tuple[str, ...]:
    """The contracts of ``game`` that may be announced as a Tout."""
    return tuple(k.name for k in REGISTRY if k.game == game and k.tout_allowed)


#: The Schafkopf contracts with a Tout (the Tout proofs' contracts).
TOUT_CONTRACTS = tout_contracts("schafkopf")


def contract_kind(game: str, name: str) -> ContractKind:
    """The registry entry of contract ``name`` of ``game`` (KeyError if none)."""
    return _KINDS[(game, name)]


def every_contract(game: str, n_seats: int) -> list[Contract]:
    """Every contract some hand may announce in ``game`` for ``n_seats``, in
    the registry's order, each Tout after its game: a Sauspiel on each Sau
    that may be called, each other announced game on each trump it may name.
    Not Ramsch (nobody announces it), not Sie (won without play)."""
    out: list[Contract] = []
    for k in REGISTRY:
        if k.game != game or not k.announced or not k.played or (k.players is not None and n_seats not in k.players):
            continue
        if k.calls_sau:
            out += [Contract(game, k.name, called=s) for s in CALLABLE_SUITS]
            continue
        for trump in (range(4) if k.needs_trump else (None,)):
            out.append(Contract(game, k.name, trump=trump))
            if k.tout_allowed:
                out.append(Contract(game, k.name, trump=trump, tout=True))
    return out


def called_suit_problem(hand: Iterable[Card], suit: int) -> str | None:
    """Why a Sauspiel declarer holding ``hand`` may not call the Sau of ``suit``
    (None if he may): Herz is trump; he must not hold that Sau and must hold
    another card of its suit that is not trump (an Ober or Unter is trump)."""
    if suit not in CALLABLE_SUITS:
        return "the Herz Sau cannot be called: Herz is trump in a sauspiel"
    table = contract_table("schafkopf", "sauspiel")
    sau = card(suit, "A", GERMAN)
    cards = list(hand)
    if sau in cards:
        return f"the declarer holds the called Sau {sau} himself"
    if not any(c.suit == suit and table.follow_class[c.index] != TRUMP for c in cards):
        return (f"the declarer has no card of the called suit {SUIT_LETTERS[GERMAN][suit]} "
                "(he must hold one to call its Sau)")
    return None


def callable_suits(hand: Iterable[Card]) -> list[int]:
    """Suits whose Sau a Sauspiel declarer with ``hand`` may call."""
    cards = list(hand)
    return [s for s in CALLABLE_SUITS if called_suit_problem(cards, s) is None]


@cache
def contract_table(game: str, contract: str, trump: int | None = None,
                   tout: bool = False) -> ContractTable:
    """The rule table of one contract (built once, then shared: tables are
    immutable); arguments are assumed validated."""
    return _KINDS[(game, contract)].build(trump, tout)


@dataclass(frozen=True)
class Contract:
    """One contract as announced: its kind, the trump suit it names, the
    called Sau's suit (Sauspiel) and whether it is played as a Tout.

    ``trump`` and ``called`` are suit numbers in the deck's letter order
    (Schafkopf E G H S, the French deck C S H D: 0 to 3); a suit letter is
    taken too: ``Contract("schafkopf", "solo", trump="G")``."""

    game: str
    name: str
    trump: int | None = None
    called: int | None = None
    tout: bool = False

    def __post_init__(self) -> None:
        # checked where it is made, so that a wrong name or suit is not met
        # later inside a property (Position.build checks the rest: a trump
        # the contract needs, a Sau that may be called, a Tout it allows)
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r} (games: {', '.join(GAMES)})")
        if (self.game, self.name) not in _KINDS:
            names = [k.name for k in REGISTRY if k.game == self.game]
            raise ValueError(f"no contract {self.name!r} in {self.game} (contracts: {', '.join(names)})")
        letters = SUIT_LETTERS[GAME_DECK[self.game]]
        for key in ("trump", "called"):
            suit = getattr(self, key)
            named = suit_of(suit, GAME_DECK[self.game])  # a letter or symbol; None for anything else
            if named is not None:
                object.__setattr__(self, key, named)
            elif suit is not None and (isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit < 4):
                raise ValueError(f"{key} is a suit, 0..3 or one of {' '.join(letters)}; got {suit!r}")

    @property
    def kind(self) -> ContractKind:
        return _KINDS[(self.game, self.name)]

    @property
    def table(self) -> ContractTable:
        return contract_table(self.game, self.name, self.trump, self.tout)

    @property
    def counts_tricks(self) -> bool:
        """True where the value counts tricks (every Tout, Scharwenzel), not card points."""
        return self.tout or self.kind.counts == COUNTS_TRICKS

    @property
    def id(self) -> str:
        """The contract's short name on the command line: ``solo-H``, ``sauspiel-E``, ``wenz-tout``."""
        letters = SUIT_LETTERS[GAME_DECK[self.game]]
        suit = self.called if self.called is not None else self.trump
        parts = [self.name] + ([letters[suit]] if suit is not None else []) + (["tout"] if self.tout else [])
        return "-".join(parts)

    @property
    def title(self) -> str:
        """As players name it: ``Herz-Solo Tout``, ``Sauspiel auf die Eichel-Sau``, ``Trumpf Kreuz``."""
        kind, suits = self.kind, SUIT_NAMES[GAME_DECK[self.game]]
        name = kind.title
        if self.trump is not None and kind.fixed_trump is None:
            name = f"{suits[self.trump]}-{name}" if self.game == "schafkopf" else f"{name} {suits[self.trump]}"
        if self.called is not None:
            name += f" auf die {suits[self.called]}-Sau"
        if self.tout:
            name += " Tout"
        return name

    @property
    def tariff_key(self) -> str:
        return self.kind.tariff_key(self.trump)
