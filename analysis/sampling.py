"""Sampling the unseen cards: deals drawn uniformly from every deal consistent
with what one viewer knows.

What is known comes in two strengths:

* *structural* facts, which say which seat may hold which card: the known
  hands, the cards each seat has played, voids shown by not following suit
  (and a Jass undertrump's hand of trumps alone, a lone Buur kept back on
  a trump lead), the called Sau not being in the caller's hand, and the user's
  ``seat_has`` / ``voids`` constraints.  These are sampled exactly: the
  unseen cards are grouped by the set of seats that may hold them, the
  number of completions is counted by dynamic programming over those
  groups, and each group's split is drawn with probability proportional to
  its completions (see :class:`DealSampler`).
* *rule* facts that no per-card statement captures (the Sauspiel holder's
  restrictions, a played card that was illegal for the sampled hand) and
  the user's hand predicates.  These are enforced by
  rejection: a drawn deal that fails them is thrown away and redrawn.
  Rejection from a uniform draw keeps the result uniform over the accepted
  deals.

Every sample ``i`` of a run with seed ``s`` is drawn from its own random
stream, seeded by ``(s, i)`` alone, so a sample is the same whichever
worker draws it and however many workers there are.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from math import factorial
from typing import Any

from stichfest.cards import (
    DEALINGS,
    GAME_DECK,
    GERMAN,
    SUIT_LETTERS,
    Card,
    card,
    dealings_for_hand,
    deck_cards,
    either,
    is_short_deck,
    parse_card,
    plain_symbols,
    suit_of,
)
from stichfest.contracts import GAMES, PLAY_JASS_TRUMP, TRUMP, ContractTable, called_suit_problem
from stichfest.deals import deck
from stichfest.play import IllegalPlay
from stichfest.position import Position

from .errors import InputError

#: A full deal: one tuple of cards per seat (each seat's dealt hand, sorted).
Deal = tuple[tuple[Card, ...], ...]
#: A user's test on one seat's full dealt hand; must be picklable (a
#: module-level function) to run on worker processes.
HandPredicate = Callable[[tuple[Card, ...]], bool]

#: Draws per sample before the constraints are declared unsatisfiable.  A
#: draw costs tens of microseconds, so this bounds the wait at about a second.
MAX_DRAWS = 20_000


#: Most sampled deals one analysis takes.  Its result arrays hold every
#: sample of every contract, allocated before any work starts; a million
#: deals already take hours of solving, and more could not finish.
MAX_SAMPLES = 1_000_000


def check_samples(samples: int) -> None:
    """``InputError`` naming ``samples`` unless 1 <= samples <= :data:`MAX_SAMPLES`."""
    if samples < 1:
        raise InputError("samples must be at least 1", param="samples")
    if samples > MAX_SAMPLES:
        raise InputError(f"samples must be at most {MAX_SAMPLES:,} (got {samples:,}): more could not "
                         "finish, and their results would not fit in memory", param="samples")


def sample_rng(seed: int, index: int) -> random.Random:
    """The random stream of sample ``index`` in a run with ``seed``.

    Derived by hashing, so neighbouring seeds and indices give unrelated
    streams and the stream depends on nothing else (no worker, no order)."""
    digest = hashlib.sha256(f"stichfest-sample:{seed}:{index}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def deal_shape(game: str, hand_size: int, players: int | None = None) -> tuple[int, bool]:
    """``(players, short deck)`` implied by the size of one hand in ``game``.

    ``players`` picks among the dealings with hands of that size (a
    Schafkopf hand of 8 is dealt to 4 players, or to 3 in Schafkopf for
    three); without it the game's first one is taken (4 players)."""
    if game not in GAMES:
        raise InputError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    found = dealings_for_hand(game, hand_size)
    if players is not None:
        if (game, players) not in DEALINGS:
            known = sorted(n for g, n in DEALINGS if g == game)
            raise InputError(f"players must be {either(known)} for {game}, got {players}",
                             param="players")
        if not any(n == players for n, _ in found):
            sizes = " or ".join(map(str, DEALINGS[(game, players)]))
            raise InputError(f"a {game} hand for {players} players has {sizes} cards, got {hand_size}")
        found = [(n, size) for n, size in found if n == players]
    if not found:
        expect = {"schafkopf": "8 cards (6 with the short deck)", "jass": "9 cards",
                  "scharwenzel": "8, 6 or 4 cards (4, 6 or 8 players)"}[game]
        raise InputError(f"a {game} hand has {expect}, got {hand_size}")
    n_seats, size = found[0]
    return n_seats, is_short_deck(game, n_seats, size)


# ---------------------------------------------------------------------------
# User knowledge
@dataclass(frozen=True)
class Constraints:
    """Knowledge about hidden hands that the user adds.

    ``seat_has[s]``: cards known to be in seat ``s``'s dealt hand.
    ``voids[s]``: suits (0..3, by printed suit letter, so in a Sauspiel
    ``H`` includes the Herz Ober and Unter) of which seat ``s`` holds no
    card that the viewer has not seen.  ``predicates[s]``: a test the
    seat's full dealt hand must pass (Python API only; a module-level
    function so that worker processes can run it).
    """

    seat_has: Mapping[int, frozenset[Card]] = field(default_factory=dict)
    voids: Mapping[int, frozenset[int]] = field(default_factory=dict)
    predicates: Mapping[int, HandPredicate] = field(default_factory=dict)

    @classmethod
    def parse(cls, seat_has: Iterable[str] = (), voids: Iterable[str] = (), *,
              game: str) -> Constraints:
        """Parse the command-line forms ``SEAT:CARD[,CARD...]`` and ``SEAT:SUIT[,SUIT...]``."""
        deck_style = GAME_DECK[game]
        letters = SUIT_LETTERS[deck_style]
        has: dict[int, set[Card]] = {}
        for text in seat_has:
            seat, items = _split_seat(text, "seat_has", "SEAT:CARDS", "2:EO")
            for item in items:
                card = parse_card(item, deck_style)
                if card in has.get(seat, ()):
                    raise InputError(f"seat_has {_quoted(text)}: card {card} given twice", param="seat_has")
                has.setdefault(seat, set()).add(card)
        void: dict[int, set[int]] = {}
        for text in voids:
            seat, items = _split_seat(text, "voids", "SEAT:SUITS", "1:H")
            for item in items:
                # a suit letter or symbol, as in a card; several run together ("EG") as well
                suits = [suit_of(ch, deck_style) for ch in plain_symbols(item)]
                if any(x is None for x in suits):
                    raise InputError(f"voids {_quoted(text)}: unknown suit {item!r} (suits: {' '.join(letters)} "
                                     "or their symbols)", param="voids")
                void.setdefault(seat, set()).update(x for x in suits if x is not None)
        return cls({s: frozenset(c) for s, c in has.items()},
                   {s: frozenset(v) for s, v in void.items()})

    def seats(self) -> set[int]:
        return set(self.seat_has) | set(self.voids) | set(self.predicates)


def _split_seat(text: str, param: str, shape: str, example: str) -> tuple[int, list[str]]:
    head, sep, rest = text.partition(":")
    items = rest.replace(",", " ").split()
    if not sep or not head.strip().isdigit() or not items:
        raise InputError(f"{param} {_quoted(text)}: expected {shape}, e.g. {example}", param=param)
    return int(head), items


def _quoted(text: str, most: int = 40) -> str:
    """``text`` as an error message quotes it: a long value cut short, so the
    message stays one readable line."""
    return repr(text) if len(text) <= most else repr(text[:most]) + "..."


# ---------------------------------------------------------------------------
# The sampler
class DealSampler:
    """Uniform random deals under per-seat fixed and forbidden cards.

    ``fixed[s]``: cards seat ``s`` certainly holds (its known hand, cards
    it played, ``seat_has``).  ``forbidden[s]``: cards that seat ``s``
    certainly does not hold among the unseen ones.  ``accept``: a
    picklable test of a whole deal (rule facts), and ``predicates`` per
    seat; failing deals are redrawn.

    Construction validates the knowledge and raises :class:`InputError`
    (one line) when no deal satisfies it.
    """

    def __init__(self, cards: Sequence[Card], n_seats: int, hand_size: int,
                 fixed: Sequence[Iterable[Card]], forbidden: Sequence[Iterable[Card]] = (),
                 accept: Callable[[Deal], bool] | None = None,
                 predicates: Mapping[int, HandPredicate] | None = None) -> None:
        self.n_seats = n_seats
        self.hand_size = hand_size
        self.accept = accept
        self.predicates = dict(predicates or {})
        in_deck = set(cards)
        owner: dict[Card, int] = {}
        self.fixed: list[tuple[Card, ...]] = []
        for seat in range(n_seats):
            mine: Sequence[Card] = sorted(set(fixed[seat]) if seat < len(fixed) else set())
            for c in mine:
                if c not in in_deck:
                    raise InputError(f"card {c} is not in the deck of this game")
                if c in owner:
                    raise InputError(f"card {c} cannot be in both seat {owner[c]}'s and seat {seat}'s hand")
                owner[c] = seat
            if len(mine) > hand_size:
                raise InputError(f"seat {seat} would hold {len(mine)} cards, more than the "
                                 f"{hand_size} of a hand")
            self.fixed.append(tuple(mine))
        self.forbidden = [frozenset(forbidden[s]) if s < len(forbidden) else frozenset()
                          for s in range(n_seats)]
        for seat, mine in enumerate(self.fixed):
            clash = [c for c in mine if c in self.forbidden[seat]]
            if clash:
                raise InputError(f"seat {seat} is known to hold {clash[0]} and also known not to")
        self.slots = tuple(hand_size - len(f) for f in self.fixed)
        self.hidden = tuple(s for s in range(n_seats) if self.slots[s] > 0)
        unseen = sorted(c for c in cards if c not in owner)
        groups: dict[tuple[int, ...], list[Card]] = {}
        for c in unseen:
            allowed = tuple(i for i, s in enumerate(self.hidden) if c not in self.forbidden[s])
            groups.setdefault(allowed, []).append(c)
        #: Unseen cards grouped by the hidden seats (positions in ``hidden``) that may hold them.
        self.groups: list[tuple[tuple[int, ...], tuple[Card, ...]]] = sorted(
            (allowed, tuple(cs)) for allowed, cs in groups.items())
        self._options: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], tuple[int, ...], int]]] = {}
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        if self.count() == 0:
            raise InputError("no deal is consistent with the known cards and constraints")

    # -- construction from what a viewer knows ------------------------------
    @classmethod
    def for_hand(cls, game: str, seat: int, hand: Sequence[Card],
                 constraints: Constraints | None = None, players: int | None = None) -> DealSampler:
        """Before play: the viewer at ``seat`` knows only ``hand``; ``players``
        as in :func:`deal_shape` (Schafkopf for three: ``players=3``)."""
        n_seats, short = deal_shape(game, len(hand), players)
        cards = deck(game, n_seats, short)
        known: list[tuple[Card, ...] | None] = [None] * n_seats
        known[seat] = tuple(hand)
        return cls._build(cards, n_seats, len(hand), known, [set() for _ in range(n_seats)],
                          [set() for _ in range(n_seats)], constraints, None)

    @classmethod
    def for_position(cls, pos: Position, constraints: Constraints | None = None) -> DealSampler:
        """During play: the hands given in ``pos`` are known, the ``"?"`` hands
        are sampled consistently with the cards played so far."""
        n, table = pos.n_seats, pos.table
        cards = deck_cards(pos.game, n, pos.hand_size)
        played: list[set[Card]] = [set() for _ in range(n)]
        forbidden: list[set[Card]] = [set() for _ in range(n)]
        holder_of = {c: s for s, h in enumerate(pos.deal) if h is not None for c in h}
        for seat, c, before in played_cards(pos):
            hand = pos.deal[seat]
            if hand is not None and c not in hand:
                where = f"; it is in seat {holder_of[c]}'s hand" if c in holder_of else ""
                raise InputError(f"seat {seat} played {c}, which is not in its hand{where}")
            if hand is None and c in holder_of:
                raise InputError(f"card {c} is both in seat {holder_of[c]}'s hand and played by seat {seat}")
            if c in forbidden[seat]:
                raise InputError(f"seat {seat} played {c} after showing it held no more cards like it")
            played[seat].add(c)
            if before and hand is None:
                forbidden[seat] |= _shown_void(table, cards, before, c)
        # A void speaks of the cards a seat still holds: the ones seen are accounted for.
        seen = set(holder_of) | {c for p in played for c in p}
        forbidden = [f - seen for f in forbidden]
        if pos.kind.calls_sau and pos.called is not None and pos.deal[pos.declarer] is None:
            forbidden[pos.declarer].add(card(pos.called, "A", GERMAN))
        return cls._build(cards, n, pos.hand_size, list(pos.deal), played, forbidden, constraints,
                          PlayConsistency(pos))

    @classmethod
    def _build(cls, cards: Sequence[Card], n_seats: int, hand_size: int,
               known: Sequence[tuple[Card, ...] | None], played: Sequence[Iterable[Card]],
               forbidden: list[set[Card]], constraints: Constraints | None,
               accept: Callable[[Deal], bool] | None) -> DealSampler:
        constraints = constraints or Constraints()
        for seat in constraints.seats():
            if not 0 <= seat < n_seats:
                raise InputError(f"constraint on seat {seat}: seats are 0..{n_seats - 1}")
            if known[seat] is not None:
                raise InputError(f"constraint on seat {seat}, whose hand is known")
        fixed = [set(hand) if (hand := known[s]) is not None else set(played[s]) | set(constraints.seat_has.get(s, ()))
                 for s in range(n_seats)]
        for seat, suits in constraints.voids.items():
            # A void speaks of the cards the seat still holds, not of those it has played.
            forbidden[seat] = set(forbidden[seat]) | {c for c in cards if c.suit in suits} - set(played[seat])
        return cls(cards, n_seats, hand_size, fixed, forbidden, accept, constraints.predicates)

    # -- counting -------------------------------------------------------------
    def count(self) -> int:
        """How many deals satisfy the fixed and forbidden cards (rule facts and
        predicates, checked by rejection, are not counted)."""
        return self._count(0, tuple(self.slots[s] for s in self.hidden))

    def _count(self, group: int, caps: tuple[int, ...]) -> int:
        """Ways to deal groups ``group..`` into hidden seats with ``caps`` free slots."""
        key = (group, caps)
        if key in self._ways:
            return self._ways[key]
        if group == len(self.groups):
            ways = 1 if not any(caps) else 0
        else:
            allowed, cards = self.groups[group]
            options = []
            ways = 0
            for split in _splits(len(cards), allowed, caps):
                rest = list(caps)
                for i, k in zip(allowed, split):
                    rest[i] -= k
                w = _multinomial(len(cards), split) * self._count(group + 1, tuple(rest))
                if w:
                    options.append((split, tuple(rest), w))
                    ways += w
            self._options[key] = options
        self._ways[key] = ways
        return ways

    # -- drawing --------------------------------------------------------------
    def sample(self, seed: int, index: int) -> Deal:
        """Sample ``index`` of the run with ``seed``: a uniform consistent deal."""
        rng = sample_rng(seed, index)
        for _ in range(MAX_DRAWS):
            deal = self._draw(rng)
            if self._accepted(deal):
                return deal
        # a predicate may say what it stands for (a seat that passed: announce.PassedHand)
        reasons = "".join(f"; {r}" for t in self.predicates.values() if (r := getattr(t, "reason", "")))
        raise InputError(f"no deal consistent with what is known (the cards seen, any play, the constraints) "
                         f"was found in {MAX_DRAWS} draws (the constraints may be impossible"
                         f"{', or what the play implies too rare to meet by chance' if self.accept else ''}"
                         f"{reasons})")

    def _draw(self, rng: random.Random) -> Deal:
        hands = [list(f) for f in self.fixed]
        caps = tuple(self.slots[s] for s in self.hidden)
        for group, (allowed, cards) in enumerate(self.groups):
            options = self._options[(group, caps)]
            split, rest = _weighted_choice(options, rng.randrange(sum(w for _, _, w in options)))
            shuffled = list(cards)
            rng.shuffle(shuffled)
            at = 0
            for i, k in zip(allowed, split):
                hands[self.hidden[i]].extend(shuffled[at:at + k])
                at += k
            caps = rest
        return tuple(tuple(sorted(h)) for h in hands)

    def _accepted(self, deal: Deal) -> bool:
        if any(not test(deal[seat]) for seat, test in self.predicates.items()):
            return False
        return self.accept is None or self.accept(deal)

    def __getstate__(self) -> dict[str, Any]:
        # The counting tables are rebuilt on demand; workers need not receive them.
        state = dict(self.__dict__)
        state["_options"], state["_ways"] = {}, {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.count()


def _splits(m: int, allowed: tuple[int, ...], caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to put ``m`` cards into the seats ``allowed`` within their ``caps``."""
    if not allowed:
        if m == 0:
            yield ()
        return
    first, rest = allowed[0], allowed[1:]
    room = sum(caps[i] for i in rest)
    for k in range(max(0, m - room), min(m, caps[first]) + 1):
        for tail in _splits(m - k, rest, caps):
            yield (k,) + tail


def _multinomial(m: int, split: tuple[int, ...]) -> int:
    out = factorial(m)
    for k in split:
        out //= factorial(k)
    return out


# ---------------------------------------------------------------------------
# What the play so far tells
def played_cards(pos: Position) -> list[tuple[int, Card, tuple[Card, ...]]]:
    """``(seat, card, the cards already in its trick)`` for every card of
    ``pos.play`` (an empty tuple for a lead).

    Trick winners depend on the cards alone, so seats are known even when
    hands are hidden."""
    table, n = pos.table, pos.n_seats
    leader, out = pos.leader, []
    trick: list[Card] = []
    for c in pos.play:
        out.append(((leader + len(trick)) % n, c, tuple(trick)))
        trick.append(c)
        if len(trick) == n:
            leader = (leader + table.winning_offset([x.index for x in trick])) % n
            trick = []
    return out


def _shown_void(table: ContractTable, cards: Sequence[Card], before: Sequence[Card], played: Card) -> set[Card]:
    """Cards a player can no longer hold after playing ``played`` to a trick
    holding ``before`` (led by its first card).

    Only sound inferences (a deal they exclude is illegal anyway); the
    replay of the play in :class:`PlayConsistency` catches the rest.  Each
    one here is sampled exactly, where a fact left to the replay is found
    by redrawing: a rare one (an undertrump's hand of trumps alone) would
    take more draws than a sample may."""
    led, k = table.follow_class[before[0].index], table.follow_class[played.index]
    if k == led:
        return set()
    if table.play_rule == PLAY_JASS_TRUMP:
        if led != TRUMP:
            if k != TRUMP:  # a second plain suit shows a void in the led one
                return {c for c in cards if table.follow_class[c.index] == led}
            # Trumping a plain lead is always allowed; undertrumping only
            # from a hand of trumps alone, so the hand holds no other card.
            if table.undertrumps(played.index, (x.index for x in before)):
                return {c for c in cards if table.follow_class[c.index] != TRUMP}
            return set()
        # On a trump lead only a lone Buur may be kept back.
        return {c for c in cards if table.follow_class[c.index] == TRUMP and c.index != table.special_card}
    return {c for c in cards if table.follow_class[c.index] == led}


@dataclass(frozen=True)
class PlayConsistency:
    """Does a sampled deal explain ``pos``: may the declarer make the call, and
    is every card of the play legal for the hand that played it?"""

    pos: Position

    def __call__(self, deal: Deal) -> bool:
        pos = self.pos.with_deal(deal)
        if pos.kind.calls_sau and pos.called is not None:
            if called_suit_problem(deal[pos.declarer], pos.called) is not None:
                return False
        if not pos.play:
            return True
        st = pos.initial_state()
        try:
            for c in pos.play:
                st.play(c.index)
        except IllegalPlay:
            return False
        return True


def _weighted_choice(options: Sequence[tuple[tuple[int, ...], tuple[int, ...], int]],
                     pick: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``(split, rest)`` of ``options`` whose weight interval holds ``pick``."""
    for split, rest, w in options:
        if pick < w:
            return split, rest
        pick -= w
    raise AssertionError("pick beyond the total weight")
