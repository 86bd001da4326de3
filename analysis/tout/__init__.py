"""Guaranteed Tout (and points targets) over the declarer's information.

The question
------------
A Tout is *guaranteed* when the declarer has one way of playing -- every
card chosen from what he has seen: his hand, the cards played, the voids
shown -- that wins every trick against every distribution of the unseen
cards and every defence.  The same question for a points target asks for
one such way of playing that takes at least that many card points.  This
is not double dummy (the declarer does not see the other hands) and not a
sample: it is an exact search over the declarer's information.

The model, and why it is exact
------------------------------
The defenders are modelled as **one adversary that holds no cards**: when a
defender is to play, the adversary picks any unseen card for him, subject to
the constraint that the whole sequence of plays so far is *realizable*, i.e.
some distribution of the unseen cards (given hand sizes) makes every play of
the sequence legal.  In these contracts the only rule of play is "follow the
led class if you can", so a sequence is realizable iff there is an
assignment of the still unseen cards with

* each defender receiving exactly as many cards as he still holds, and
* no defender receiving a card of a class he failed to follow earlier
  (he had none then, and hands only shrink; a card he played later of
  that class is likewise impossible and is never offered).

Both are checked by Hall's condition on the transportation problem "unseen
cards by class -> defenders with capacities": for every set T of defenders,
the unseen cards of classes that every defender outside T is void in must
fit into the capacities of T (:func:`_dealable`).

Exactness.  Fix a declarer plan (a function of what he observes).  Any real
distribution with any legal defence produces a realizable sequence, so the
adversary can produce it too; conversely, every sequence the adversary
produces is realizable by some distribution, and the defence in that
distribution that plays exactly those cards is legal.  So a plan beats every
(distribution, defence) iff it beats every adversary sequence.  Every
realizable prefix extends to a complete realizable sequence (keep playing
legally in a distribution realizing it), so the adversary never gets stuck.
The tree of realizable sequences has exactly the declarer's information
sets as its declarer nodes (every card played is seen by everyone, the
declarer's own hand is fixed), hence it is a game of perfect information
between declarer and adversary: the AND-OR search over it decides the
existence of a plan exactly, without strategy fusion, and its minimax value
for points is the declarer's guaranteed value.

Thresholds
----------
Both questions are threshold searches on one value: the tricks the
declarer wins in a row (Tout: all of them) or his card points.  At trick
starts the memo keeps, per canonical state, the largest need proved
reachable and the smallest proved not, so searches for different needs
(the Tout, "sure of k tricks", the bisection for the sure points) share it.

Symmetries and reductions
-------------------------
* Transpositions are keyed at trick starts on a canonical form: per class
  the sequence of remaining cards by owner (declarer or unseen) -- for a
  Tout as run lengths, since only declarer-versus-defender comparisons
  matter there, for points with each card's points -- and which defenders
  are void in it.  Plain suits with the same ranks and points are
  interchangeable, so their descriptions are sorted.
* Interchangeable unseen cards are searched once.  Tout: the unseen cards
  of a class between two declarer cards.  Points: consecutive unseen cards
  of equal points -- but the pool is shared, so two defenders may play two
  of them to one trick and which one wins decides who leads next; a
  defender with a partner still to play therefore plays either the top or
  the bottom card of the group, which covers every winner.
* **Tout dominance**: once the declarer's card is on the table, a defender
  who does not beat it plays the *lowest* unseen card of the class he plays
  (following, or discarding from a suit).  Lemma: if pool P' dominates P
  (a class-preserving bijection mapping each card to one at least as
  high), the adversary wins from P' whenever it wins from P -- it mimics
  every play with the image card, which beats at least what the original
  beats, and feasibility depends only on class counts.  Removing the lowest
  card leaves a pool dominating the one left by removing any other card of
  that class.  The declarer follows the same plan against a higher
  non-beating card as against the lowest one (he pretends the lowest is
  still out): every later card he meets is no higher than the one the plan
  was proved against, so plans are keyed on (seat, follows or discards,
  class) only.
* **Points dominance**, only in a trick whose taker is settled: where the
  declarer surely takes it, a defender gives the cheapest card of each run
  of consecutive unseen cards (no other remaining card between) whose
  points do not rise going down; where the defence surely takes it and he
  is its last defender, the dearest.  Mimicking the other choice with the
  order-isomorphic card, the declarer's points differ by a telescoping sum
  of the run's point steps, which never favours him when the points do not
  rise along the run (so runs split where they do, as at Unter -> Sau in a
  solo's trumps).  Elsewhere no card is dominated (a higher card may have
  to give up more points, or win a trick and the unwanted lead).
* **Sure run** (bounds): on lead, the declarer's cards above every unseen
  card of their class win in a row; if he has at least as many of them as
  one defender can hold of the class, they draw every unseen card of it and
  all his cards of the class win.  Trumps first; plain cards count once the
  unseen trumps are drawn.  When that is every card he holds, the Tout is
  a claim.  For points, those tricks also bring the defenders' cheapest
  cards.

Plans
-----
A plan is the declarer's card at every point he can reach, as a DAG of
:class:`PlanNode` (identical sub-plans merged).  It prefers the *standard
line* (:data:`STANDARD_LINE`) and, wherever a search with the declarer
restricted to the standard line proves it sure, ends in one ``"standard"``
leaf, so printed plans show only the decisions that matter.  The standard
line looks only at card order, never at card points, so that the points
dominance above holds for it too.  :class:`PlanFollower` plays a plan
against real cards.

Refutations
-----------
Points: first a quick look for a distribution in which the declarer falls
short even double dummy (:func:`double_dummy_refutation`, the open-hand
solver on piled and random deals): that distribution with the
double-dummy defence beats every plan.  Otherwise, and for a Tout, the
search's line: the declarer's most resilient try (for a Tout the longest
run of tricks he can be sure of) against the defence that beats it, with a
distribution consistent with it.
"""
from __future__ import annotations

from stichfest import Position, PositionError
from stichfest.analysis.errors import InputError
from stichfest.analysis.stats import wilson_interval
from stichfest.deals import position_json

from .double_dummy import DD_TRIES, DD_Z, DDShare, dd_share, double_dummy_refutation, sample_deal
from .follow import PlanFollower
from .info import InfoState, info_state
from .plan import STANDARD_LINE, DefencePlay, Guarantee, PlanNode, Refutation, _Explainer
from .search import DEFAULT_MAX_NODES, SearchLimit

__all__ = [
    "DD_TRIES", "DD_Z", "DDShare", "DEFAULT_MAX_NODES", "DefencePlay", "Guarantee", "InfoState", "PlanFollower",
    "PlanNode", "QUICK_NODES", "Refutation", "STANDARD_LINE", "SearchLimit", "dd_share", "double_dummy_refutation",
    "guarantee", "hand_position", "info_state", "sample_deal", "sure_points", "wilson_interval",
]


def guarantee(position: Position, target: int | None = None, *,
              max_nodes: int = DEFAULT_MAX_NODES) -> Guarantee:
    """Is the Tout (``position.tout``) or ``target`` card points guaranteed?

    Only the declarer's hand and the cards played in ``position`` are used;
    the other hands may be hidden.  ``target`` counts the declarer's card
    points from the start of the hand (completed tricks included) and is
    required exactly when the position is not a Tout.  Raises
    :class:`InputError` for impossible input and :class:`SearchLimit` when
    more than ``max_nodes`` positions (cards played, in the search and
    while writing out plans and refutations) would be searched, which bounds
    the time.  A guaranteed result whose plan would take the search past
    the budget has ``plan`` None and ``nodes`` ``max_nodes`` (the proof is
    complete; writing the plan out answers every defender card and checks
    each line, and can take far more positions than the proof).
    """
    info = info_state(position)
    if position.tout:
        if target is not None:
            raise InputError("target must be None for a Tout (it has no points target)", param="target")
        question, goal, need = "tout", position.n_tricks, position.n_tricks - info.tricks_won
    else:
        if target is None:
            raise InputError("give a points target (e.g. 61, or 91 for Schneider) or ask for a Tout")
        if not 0 <= target <= 120:
            raise InputError(f"the points target must be 0..120, got {target}")
        question, goal, need = "points", target, target - info.points
    search = _Explainer(info, position.tout, max_nodes)
    if position.tout and info.tricks_lost:
        refutation: Refutation | None = Refutation("information", search._line_names([]), search._deal_for([]),
                                info.tricks_won, 0)
        return Guarantee(question, goal, False, None, refutation, 0, info)
    if position.tout:
        ok = search.reaches(need)
    else:
        # Points searches can be long.  A short one first; then, before the
        # full one, a distribution failing even double dummy (cheap to find
        # when there is one), which beats every plan.
        search.max_nodes = min(max_nodes, QUICK_NODES)
        try:
            ok = search.reaches(need)
        except SearchLimit:
            refutation = double_dummy_refutation(position, goal, info=info)
            if refutation is not None:
                return Guarantee(question, goal, False, None, refutation, search.nodes, info)
            search = search.restart(max_nodes)
            ok = search.reaches(need)
        search.max_nodes = max_nodes  # the plan or refutation gets the whole budget
    if ok:
        try:
            plan: PlanNode | None = search.plan(need)
        except SearchLimit:  # proved; only writing the plan out is over the budget
            # (the search stopped at the position past the budget: the whole
            # budget was searched, and no more is reported)
            return Guarantee(question, goal, True, None, None, min(search.nodes, max_nodes), info)
        return Guarantee(question, goal, True, plan, None, search.nodes, info)
    refutation = None if position.tout else double_dummy_refutation(position, goal, info=info)
    if refutation is None:
        refutation = search.tout_refutation() if position.tout else search.points_refutation(need)
    return Guarantee(question, goal, False, None, refutation, search.nodes, info)


#: Positions (cards played) a points search may visit before a double-dummy
#: refutation is tried.
QUICK_NODES = 20_000


def sure_points(position: Position, *, max_nodes: int = DEFAULT_MAX_NODES) -> int:
    """The most card points the declarer can be sure of (completed tricks
    included), over every distribution and defence; not for a Tout."""
    info = info_state(position)
    if position.tout:
        raise InputError("a Tout counts tricks, not points")
    search = _Explainer(info, False, max_nodes)
    return info.points + search.best()


def hand_position(contract: str, hand: str, seat: int, leader: int, *, trump: str | None = None,
                  tout: bool = True, players: int = 4) -> Position:
    """The position of a fresh hand seen by its declarer (the others hidden);
    ``players=3`` for Schafkopf for three (two defenders, 8 cards each).

    Raises :class:`~stichfest.position.PositionError` for bad cards, sizes,
    seats or trump, like every position."""
    deal: list[str] = ["?"] * players
    if not 0 <= seat < players:
        raise PositionError(f"the seat must be 0..{players - 1}, got {seat}")
    deal[seat] = hand
    data = position_json("schafkopf", contract, [], declarer=seat, leader=leader, tout=tout)
    data["deal"] = deal
    if trump is not None:
        data["trump"] = trump
    return Position.from_json(data, allow_hidden=True)
