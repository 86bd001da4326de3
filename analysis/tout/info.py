"""What the declarer knows: :class:`InfoState` read from a position, and
Hall's condition :func:`_dealable` (can the unseen cards still be dealt?)."""
from __future__ import annotations

import functools
from dataclasses import dataclass

from stichfest import Position
from stichfest.analysis.errors import InputError
from stichfest.cards import bits, deck_cards
from stichfest.contracts import TOUT_CONTRACTS, ContractTable

N_CLASSES = 5


def defenders(n_seats: int) -> tuple[int, ...]:
    """The defenders' seats relative to the declarer: 1, 2, 3 with four
    players, 1, 2 in Schafkopf for three."""
    return tuple(range(1, n_seats))


_bits = bits  # the card indices of a mask (stichfest.cards.bits)


# ---------------------------------------------------------------------------
# What the declarer knows
@dataclass(frozen=True)
class InfoState:
    """The declarer's view of a hand in progress.

    ``hand``/``unseen`` are card masks (``unseen``: neither in his hand nor
    played); ``sizes`` and ``voids`` are per seat (``voids[s]`` has bit k
    when seat s failed to follow class k); ``trick`` holds the cards of the
    current trick; ``points``/``tricks_won``/``tricks_lost`` count the
    declarer's completed tricks.
    """

    position: Position
    hand: int
    unseen: int
    sizes: tuple[int, ...]
    voids: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    points: int
    tricks_won: int
    tricks_lost: int
    played: tuple[tuple[int, int], ...]  # (seat, card) in order

    @property
    def table(self) -> ContractTable:
        return self.position.table

    @property
    def declarer(self) -> int:
        return self.position.declarer


def _check_contract(pos: Position) -> None:
    if pos.game != "schafkopf" or pos.contract not in TOUT_CONTRACTS:
        raise InputError("guaranteed play is analysed for the Schafkopf solo contracts "
                         f"({', '.join(TOUT_CONTRACTS)}), not {pos.game} {pos.contract}")


def info_state(pos: Position) -> InfoState:
    """The declarer's information in ``pos`` (the other hands may be hidden).

    Only the declarer's hand and the cards played are used; raises
    :class:`InputError` when the play cannot happen in any distribution.
    """
    _check_contract(pos)
    table = pos.table
    d = pos.declarer
    dealt = pos.deal[d]
    if dealt is None:
        raise InputError("the declarer's hand must be given")
    hand = sum(1 << c.index for c in dealt)
    seats = pos.n_seats
    unseen = sum(1 << c.index for c in deck_cards("schafkopf", seats, pos.hand_size)) & ~hand
    n = len(dealt)
    sizes = [n] * seats
    voids = [0] * seats
    leader = pos.leader
    trick: list[int] = []
    points = won = lost = 0
    played = []
    cm = table.class_masks
    for i, c in enumerate(pos.play):
        seat = (leader + len(trick)) % seats
        bit = 1 << c.index
        k = table.follow_class[c.index]
        led = table.follow_class[trick[0]] if trick else None
        if seat == d:
            if not hand & bit:
                raise InputError(f"play[{i}]: the declarer (seat {d}) does not hold {c}")
            if led is not None and k != led and hand & cm[led]:
                raise InputError(f"play[{i}]: the declarer must follow with {c} led")
            hand &= ~bit
        else:
            if not unseen & bit:
                raise InputError(f"play[{i}]: {c} cannot be played by seat {seat} "
                                 "(the declarer holds it or it was played)")
            if voids[seat] >> k & 1:
                raise InputError(f"play[{i}]: seat {seat} showed out of that suit before and cannot hold {c}")
            if led is not None and k != led:
                voids[seat] |= 1 << led
            unseen &= ~bit
        sizes[seat] -= 1
        trick.append(c.index)
        played.append((seat, c.index))
        others = [(d + r) % seats for r in defenders(seats)]
        if not _dealable(tuple((unseen & m).bit_count() for m in cm),
                         tuple(voids[s] for s in others), tuple(sizes[s] for s in others)):
            raise InputError(f"play[{i}]: no distribution of the unseen cards allows this play "
                             f"(voids shown by seats {[s for s in range(seats) if voids[s]]})")
        if len(trick) == seats:
            winner = (leader + table.winning_offset(trick)) % seats
            if winner == d:
                won += 1
                points += sum(table.points[x] for x in trick)
            else:
                lost += 1
            leader, trick = winner, []
    return InfoState(pos, hand, unseen, tuple(sizes), tuple(voids), leader, tuple(trick),
                     points, won, lost, tuple(played))


@functools.lru_cache(maxsize=1 << 16)
def _dealable(counts: tuple[int, ...], voids: tuple[int, ...], sizes: tuple[int, ...]) -> bool:
    """Hall's condition: can unseen cards, ``counts[k]`` of class k, be dealt
    to the defenders (three, or two in Schafkopf for three) with hand
    ``sizes`` so that nobody gets a class he is void in (``voids``: bit k)?
    For every proper set T of defenders (a bit set), the cards only T can
    take must fit into T's hands."""
    m = len(sizes)
    for t in range((1 << m) - 1):
        must = sum(counts[k] for k in range(N_CLASSES)
                   if counts[k] and all(voids[i] >> k & 1 for i in range(m) if not t >> i & 1))
        if must > sum(sizes[i] for i in range(m) if t >> i & 1):
            return False
    return True
