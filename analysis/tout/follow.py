"""Playing a guaranteed plan against real cards: :class:`PlanFollower`."""
from __future__ import annotations

import copy as _copy

from stichfest.cards import Card, parse_card

from .info import N_CLASSES, _bits
from .plan import DefencePlay, Guarantee, PlanNode, _Explainer
from .search import _beats


class PlanFollower:
    """Plays a guaranteed plan card by card.

    Report every card played from the plan's start, the declarer's too, with
    :meth:`observe`; :meth:`card` is the declarer's card whenever he is to
    play.  Raises :class:`ValueError` when the play leaves the plan (a
    declarer card other than the plan's, a defence the plan has no answer
    to, a defender card beating the declarer's in a Tout) -- impossible for a
    correct plan.

    For a Tout the follower keeps the *proved* state, not the real one: a
    defender card that does not beat the declarer's counts as the lowest
    unseen card of its class (the dominance argument of the module
    docstring), one between two declarer cards as its group's
    representative, so every later decision is the one the plan was proved
    for.  A points plan answers every card, so there the states are real.
    """

    def __init__(self, result: Guarantee) -> None:
        if not result.guaranteed or result.plan is None:
            raise ValueError("only a guaranteed result has a plan")
        self.tracker = _Explainer(result.info, result.question == "tout", 0)
        tout = result.question == "tout"
        self.need = result.target - (result.info.tricks_won if tout else result.info.points)
        self.node: PlanNode | None = result.plan
        self.pending: list[tuple[int, str, str, tuple[str, ...]]] = []  # DefencePlay.key()s
        self.answers: list[tuple[tuple[DefencePlay, ...], PlanNode]] = []
        self.real_pool = list(self.tracker.pool)  # the tracker keeps the proved state
        if result.plan.play is None and result.plan.end is None:
            self.node, self.answers = None, result.plan.answers

    def copy(self) -> PlanFollower:
        """An independent follower at the same point (to branch over defences)."""
        new = _copy.copy(self)
        t = new.tracker = _copy.copy(self.tracker)
        t.hand, t.pool, t.voids, t.sizes, t.trick = (list(t.hand), list(t.pool), list(t.voids),
                                                     list(t.sizes), list(t.trick))
        new.pending = list(self.pending)
        new.real_pool = list(self.real_pool)
        return new

    def card(self) -> Card:
        """The declarer's card now."""
        t = self.tracker
        if t._mover() != 0:
            raise ValueError("the declarer is not to play")
        if self.node is None:
            key = tuple(self.pending)
            nxt = next((n for defence, n in self.answers if tuple(p.key() for p in defence) == key), None)
            if nxt is None:
                raise ValueError(f"the plan has no answer to the defence {key}")
            self.node, self.pending = nxt, []
        if self.node.end is None:
            assert self.node.play is not None  # only a defenders-first root lacks one; __init__ skips it
            return parse_card(self.node.play, t.table.deck)
        if self.node.end == "standard":
            return Card(t.card(*t.standard_move()), t.table.deck)
        # the target is in: any legal card
        led = t.trick[0][1] if t.trick else None
        k = led if led is not None and t.hand[led] else next(c for c in range(N_CLASSES) if t.hand[c])
        return Card(t.card(k, t.hand[k].bit_length() - 1), t.table.deck)

    def observe(self, seat: int, card: Card) -> None:
        """A card played by ``seat``."""
        t = self.tracker
        rel = (seat - t.info.declarer) % t.n
        if rel != t._mover():
            raise ValueError(f"seat {seat} is not to play")
        k, j = t.rank[card.index]
        if rel:
            self.real_pool[k] &= ~(1 << j)
        if rel == 0:
            if self.node is None:
                self.card()
            assert self.node is not None  # card() moved to the answering node (or raised)
            if self.node.end is None:
                assert self.node.play is not None  # see card()
                if card != parse_card(self.node.play, t.table.deck):
                    raise ValueError(f"the plan plays {self.node.play}, not {card}")
                self.answers = self.node.answers
                self.node = None
            t._play(0, k, j)
        else:
            led = t.trick[0][1] if t.trick else None
            vbit = 1 << led if led is not None and k != led else 0
            if t.tout and any(x[0] == 0 for x in t.trick):
                _, dk, dj = next(x for x in t.trick if x[0] == 0)
                if _beats(k, j, dk, dj):
                    raise ValueError(f"seat {seat} beats the declarer's card with {card}")
                j = (t.pool[k] & -t.pool[k]).bit_length() - 1  # the proved state's card
            elif t.tout:
                # the same place among the unseen cards of the class (real and proved
                # pools differ only inside groups, which keep their sizes), then the
                # group's representative, which the proof played
                above = (self.real_pool[k] >> (j + 1)).bit_count()
                proved = sorted(_bits(t.pool[k]), reverse=True)[above]
                j = t.representative(k, proved)
            self.pending.append(t.defence_play(rel, k, j).key())
            t._play(rel, k, j, vbit)
        if len(t.trick) == t.n:
            self.need = t._advance_trick(self.need)
