"""Can a party win the hand's first tricks, every one of them?

Scharwenzel pays two game points "für die ersten": to the party that took
the first majority-number of tricks in a row (docs/rules.md, "Scharwenzel
scoring").  That is not a question of the final trick count, which the
alpha-beta search answers, but of the order the tricks fall in, so it has
its own small search here: an AND/OR search over the plays of the next
tricks that stops at the first trick the party loses.

It is exact.  Two cards of one following class in one hand are
interchangeable when no other remaining card (in another hand or on the
table) ranks between them, since only who wins each trick counts, not
card points; one of each such group is tried.  A memo holds the answer of
every position met.  The hard deals take some ten thousand nodes.
"""
from __future__ import annotations

from collections.abc import Iterable

from .contracts import PLAY_STANDARD, TRUMP
from .position import Position

#: Above every plain card's strength: ranks a trump above every plain card in move ordering.
_TRUMP_RANK = 1000


def first_tricks_won(position: Position, party: Iterable[int] | None = None) -> int:
    """How many of the hand's first tricks, in a row, ``party`` (default:
    the declaring party) has won in ``position.play`` so far."""
    seats = position.declaring_party if party is None else frozenset(party)
    run = 0
    for _, _, winner in position.state().history:
        if winner not in seats:
            break
        run += 1
    return run


def takes_first_tricks(position: Position, count: int, party: Iterable[int] | None = None) -> bool:
    """Whether ``party`` (default: the declaring party) can force winning
    each of the hand's first ``count`` tricks, against every defence, from
    ``position`` (its ``play`` included: a trick among the first ``count``
    already lost answers False).

    Only for contracts where a player follows suit (trump counting as one
    suit) or plays any card, with no further rule (Scharwenzel; the
    Schafkopf contracts but the Sauspiel); :class:`ValueError` otherwise."""
    table = position.table
    if table.play_rule != PLAY_STANDARD or position.called_sau() is not None:
        raise ValueError(f"first tricks: not for {position.game} {position.contract} "
                         "(only where the plain follow-suit rule is the whole rule)")
    if not 1 <= count <= position.n_tricks:
        raise ValueError(f"first tricks: count must be 1..{position.n_tricks}, got {count}")
    seats = position.declaring_party if party is None else frozenset(party)
    st = position.state()
    done = len(st.history)
    if any(winner not in seats for _, _, winner in st.history[:count]):
        return False
    if done >= count:
        return True
    return _FirstTricks(position, seats).wins(tuple(st.hands), st.leader, tuple(st.trick), count - done)


class _FirstTricks:
    """The search of :func:`takes_first_tricks` for one deal and party."""

    def __init__(self, position: Position, party: frozenset[int]) -> None:
        t = position.table
        self.table = t
        self.n = position.n_seats
        self.party = party
        self.class_masks = t.class_masks
        self.follow = t.follow_class
        # one order over every card: trumps above plain cards, then strength
        self.rank = tuple(_TRUMP_RANK * (k == TRUMP) + s for k, s in zip(t.follow_class, t.strength))
        self.by_rank = {k: sorted((c for c in range(len(t.follow_class)) if self.class_masks[k] >> c & 1),
                                  key=lambda c: -self.rank[c]) for k in range(TRUMP + 1)}
        self.memo: dict[tuple[object, ...], bool] = {}
        self.nodes = 0

    def wins(self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], tricks: int) -> bool:
        """Whether the party wins each of the next ``tricks`` tricks (the current one first)."""
        self.nodes += 1
        n = self.n
        if len(trick) == n:
            winner = (leader + self.table.winning_offset(list(trick))) % n
            if winner not in self.party:
                return False
            return tricks == 1 or self.wins(hands, winner, (), tricks - 1)
        key = (hands, leader, trick, tricks)
        known = self.memo.get(key)
        if known is not None:
            return known
        seat = (leader + len(trick)) % n
        ours = seat in self.party
        answer = not ours  # the party's seat needs one good card; the others' need every card to fail
        for c in self._choices(hands, seat, trick):
            after = hands[:seat] + (hands[seat] & ~(1 << c),) + hands[seat + 1:]
            if self.wins(after, leader, trick + (c,), tricks) == ours:
                answer = ours
                break
        self.memo[key] = answer
        return answer

    def _choices(self, hands: tuple[int, ...], seat: int, trick: tuple[int, ...]) -> list[int]:
        """One legal card of each group of interchangeable ones, in the order
        that settles the question soonest: cards that take the trick so far,
        strongest first; then the others, weakest first (keeping strength)."""
        hand = hands[seat]
        legal = hand
        if trick:
            legal = hand & self.class_masks[self.follow[trick[0]]] or hand
        others = 0
        for s, h in enumerate(hands):
            if s != seat:
                others |= h
        for c in trick:
            others |= 1 << c
        choices = []
        for k in range(TRUMP + 1):
            mine = legal & self.class_masks[k]
            if not mine:
                continue
            in_run = False
            for c in self.by_rank[k]:
                if mine >> c & 1:
                    if not in_run:
                        choices.append(c)  # the strongest of a run no other card breaks
                    in_run = True
                elif others >> c & 1:
                    in_run = False
        if not trick:
            return sorted(choices, key=lambda c: -self.rank[c])
        best = trick[self.table.winning_offset(list(trick))]
        beats = self.table.beats
        return sorted(choices, key=lambda c: (0, -self.rank[c]) if beats(c, best) else (1, self.rank[c]))
