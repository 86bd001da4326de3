"""The rules of play in plain Python: who is to move, which cards are legal
(and why a card is not), who wins a trick, what a party has won.

This is the boundary implementation: it replays and validates positions,
explains illegal cards to users and drives the analysis layer.  The search
has its own allocation-free copy of the same logic in the Cython move
generator; the two are cross-checked by the tests.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SUIT_NAMES, Card, bits, cards_of, popcount
from .contracts import PLAY_JASS_TRUMP, SCORE_TRICKS, TRUMP, ContractTable


class IllegalPlay(ValueError):
    """A card that may not be played here; the message names the rule."""


@dataclass(frozen=True)
class CalledSau:
    """Sauspiel partnership data (docs/rules.md, "Sauspiel")."""

    suit: int
    sau: int  # card index of the called Sau
    holder: int  # seat holding it
    davonlaufen_min: int = 4


@dataclass
class GameState:
    """A hand in progress.  Mutable; :meth:`copy` before branching."""

    table: ContractTable
    hands: list[int]  # card masks, one per seat
    leader: int  # seat that led (or leads) the current trick
    called: CalledSau | None = None
    called_suit_led: bool = False  # restrictions lapse after the first lead
    trick: list[int] = field(default_factory=list)  # card indices of the current trick
    points: list[int] = field(default_factory=list)  # card points won per seat
    tricks: list[int] = field(default_factory=list)  # tricks won per seat
    history: list[tuple[int, list[int], int]] = field(default_factory=list)  # (leader, cards, winner)

    def __post_init__(self) -> None:
        n = len(self.hands)
        self.points = self.points or [0] * n
        self.tricks = self.tricks or [0] * n
        self.class_masks = self.table.class_masks

    # -- basic facts -------------------------------------------------------
    @property
    def n_seats(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.n_seats

    @property
    def finished(self) -> bool:
        return not self.trick and not any(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed (the current one included)."""
        return popcount(self.hands[self.leader]) + (1 if self.trick else 0)

    def copy(self) -> GameState:
        new = GameState(self.table, list(self.hands), self.leader, self.called,
                        self.called_suit_led, list(self.trick), list(self.points),
                        list(self.tricks), list(self.history))
        return new

    def name(self, index: int) -> str:
        return str(Card(index, self.table.deck))

    def class_name(self, klass: int) -> str:
        if klass == TRUMP:
            return "trump"
        return SUIT_NAMES[self.table.deck][klass]

    # -- legality ----------------------------------------------------------
    def violation(self, c: int | Card) -> str | None:
        """Why the player to move may not play card ``c`` (a :class:`Card` or
        its index); None if he may."""
        if isinstance(c, Card):
            c = c.index
        seat = self.to_move
        hand = self.hands[seat]
        t = self.table
        if not hand >> c & 1:
            owner = next((s for s, h in enumerate(self.hands) if h >> c & 1), None)
            if owner is not None:
                return f"the card is in seat {owner}'s hand"
            return "the card has already been played"
        called = self.called if self.called is not None and not self.called_suit_led else None
        holder = called if called is not None and seat == called.holder else None
        if not self.trick:
            if holder is not None and t.follow_class[c] == holder.suit and c != holder.sau:
                have = popcount(hand & self.class_masks[holder.suit])
                if have < holder.davonlaufen_min:
                    return (f"the holder of the called Sau may lead {self.class_name(holder.suit)} "
                            f"only with the Sau until the suit has been led (davonlaufen needs "
                            f"{holder.davonlaufen_min} cards of it, he has {have})")
            return None
        led = t.follow_class[self.trick[0]]
        follow = hand & self.class_masks[led]
        k = t.follow_class[c]
        if t.play_rule == PLAY_JASS_TRUMP and led != TRUMP:
            if k == TRUMP:
                if t.undertrumps(c, self.trick) and hand & ~self.class_masks[TRUMP]:
                    return "no undertrumping in a trick led with a plain suit (unless the hand is all trumps)"
            elif follow and k != led:
                return f"must follow {self.class_name(led)} or trump"
        elif t.play_rule == PLAY_JASS_TRUMP:
            trumps = hand & self.class_masks[TRUMP]
            if trumps and trumps != 1 << t.special_card and k != TRUMP:
                return "must play trump on a trump lead (only a lone Buur is never forced)"
        elif follow and k != led:
            return f"must follow {self.class_name(led)}"
        if holder is not None:
            if led == holder.suit and c != holder.sau:
                return "the holder of the called Sau must play it when its suit is led"
            if led != holder.suit and c == holder.sau and popcount(hand) > 1:
                return "the called Sau may not be discarded before its suit has been led (except in the last trick)"
        return None

    def legal_mask(self) -> int:
        hand = self.hands[self.to_move]
        out = 0
        for c in bits(hand):
            if self.violation(c) is None:
                out |= 1 << c
        return out

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play (each one :meth:`play` takes)."""
        return cards_of(self.legal_mask(), self.table.deck)

    # -- playing -----------------------------------------------------------
    def trick_winner_offset(self, cards: list[int]) -> int:
        """Position in ``cards`` of the card that wins (or currently wins) the trick."""
        return self.table.winning_offset(cards)

    def play(self, c: int | Card) -> None:
        """Play card ``c`` (a :class:`Card` or its index) for the player to
        move; raises :class:`IllegalPlay`."""
        if isinstance(c, Card):
            c = c.index
        if self.finished:
            raise IllegalPlay("the hand is already over")
        why = self.violation(c)
        if why is not None:
            raise IllegalPlay(why)
        seat = self.to_move
        self.hands[seat] &= ~(1 << c)
        self.trick.append(c)
        if len(self.trick) == self.n_seats:
            self._finish_trick()

    def _finish_trick(self) -> None:
        t = self.table
        cards = self.trick
        winner = (self.leader + self.trick_winner_offset(cards)) % self.n_seats
        gained = sum(t.points[c] for c in cards)
        if not any(self.hands):
            gained += t.last_trick_bonus
        self.points[winner] += gained
        self.tricks[winner] += 1
        if self.called is not None and t.follow_class[cards[0]] == self.called.suit:
            self.called_suit_led = True
        self.history.append((self.leader, list(cards), winner))
        self.leader = winner
        self.trick = []


def party_total(state: GameState, seats: frozenset[int]) -> int:
    """Points (or tricks, in trick-scored contracts) won by ``seats`` in completed
    tricks.  The Jass match bonus is not included: the search awards it."""
    won = state.tricks if state.table.score_mode == SCORE_TRICKS else state.points
    return sum(won[s] for s in seats)
