"""Double dummy: a distribution that beats every plan even with every hand
seen (:func:`double_dummy_refutation`), and how often the open-hand solver
makes the goal over sampled distributions (:func:`dd_share`)."""
from __future__ import annotations

import math
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from stichfest import Position, Solver
from stichfest.analysis.errors import InputError
from stichfest.analysis.executor import ProgressBar, Stopped, stopped
from stichfest.analysis.sampling import check_samples
from stichfest.analysis.stats import wilson_interval
from stichfest.cards import Card

from .info import N_CLASSES, InfoState, _bits, defenders, info_state
from .plan import Refutation, _Explainer

#: Random distributions tried by :func:`double_dummy_refutation` (after the piled ones).
DD_TRIES = 24


def double_dummy_refutation(position: Position, target: int, *, info: InfoState | None = None,
                            solver: Solver | None = None) -> Refutation | None:
    """A distribution in which the declarer misses ``target`` (Tout: every
    trick) even double dummy, or None if none of the tried ones does.

    Tried, in this order: for each defender and class, the deal giving that
    defender as many cards of the class as fit (bad breaks), then
    :data:`DD_TRIES` uniform ones; all from a fixed seed, so the answer is
    deterministic.  Not finding one proves nothing."""
    info = info or info_state(position)
    solver = solver or Solver()
    rng = random.Random(0)
    probe = _Explainer(info, position.tout, sys.maxsize)  # deals cards only: no budget
    deals = []
    for i in range(len(probe.sizes)):
        for k in range(N_CLASSES):
            if probe.pool[k]:
                def prefer(kk: int, j: int, i: int = i, k: int = k) -> tuple[int, ...] | None:
                    return (i,) if kk == k else None  # defender i first for class k
                deals.append(probe._deal_cards([], prefer))
    deals += [sample_deal(info, rng) for _ in range(DD_TRIES)]
    for deal in deals:
        full = position.with_deal(deal)
        if solver.reaches(full, target):
            continue
        result = solver.solve(full, moves=False)
        st = full.initial_state()
        line = []
        for c in (*position.play, *result.pv):
            line.append((st.to_move, str(c)))
            st.play(c.index)
        hands = tuple(" ".join(str(c) for c in sorted(h)) for h in deal)
        return Refutation("double dummy", tuple(line), hands, result.value)
    return None


# ---------------------------------------------------------------------------
# Double dummy: how often the open-hand solver makes it
@dataclass(frozen=True)
class DDShare:
    """Share of sampled distributions in which the double-dummy result reaches the goal."""

    made: int
    samples: int
    interval: tuple[float, float]  # Wilson 95%
    #: The run was stopped early: ``samples`` are the deals solved (see dd_share).
    interrupted: bool = False

    @property
    def share(self) -> float:
        return self.made / self.samples if self.samples else 0.0


#: The normal quantile of :attr:`DDShare.interval`: :data:`~stichfest.analysis.stats.Z95`
#: rounded to six places, kept so that ``tout --json`` prints the same ``dd_interval``.
DD_Z = 1.959964


def sample_deal(info: InfoState, rng: random.Random) -> list[tuple[Card, ...]]:
    """A distribution drawn uniformly among those consistent with ``info``
    (hand sizes, voids shown), as the full deal (cards played included)."""
    table = info.table
    n = len(info.sizes)  # seats: 4, or 3 in Schafkopf for three
    cm = table.class_masks
    d = info.declarer
    seats = [(d + r) % n for r in defenders(n)]
    voids = [info.voids[s] for s in seats]
    caps0 = tuple(info.sizes[s] for s in seats)
    by_class = [sorted(_bits(info.unseen & cm[k])) for k in range(N_CLASSES)]
    counts = [len(c) for c in by_class]

    def splits(k: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Every split of class k's cards among the defenders within ``caps``:
        the first defender's share outermost, ascending; the last one's is the rest."""
        lim = [0 if voids[i] >> k & 1 else caps[i] for i in range(len(seats))]

        def rest(m: int, i: int) -> Iterator[tuple[int, ...]]:
            if i == len(lim) - 1:
                if m <= lim[i]:
                    yield (m,)
                return
            for a in range(min(m, lim[i]) + 1):
                for tail in rest(m - a, i + 1):
                    yield (a,) + tail

        yield from rest(counts[k], 0)

    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(k: int, caps: tuple[int, ...]) -> int:
        if k == N_CLASSES:
            return 1 if not any(caps) else 0
        got = memo.get((k, caps))
        if got is None:
            got = sum(_multinomial(counts[k], a) * ways(k + 1, _minus(caps, a)) for a in splits(k, caps))
            memo[(k, caps)] = got
        return got

    if ways(0, caps0) == 0:
        raise InputError("no distribution of the unseen cards fits the play")
    hands: list[list[int]] = [[] for _ in seats]
    caps = caps0
    for k in range(N_CLASSES):
        options = [(a, _multinomial(counts[k], a) * ways(k + 1, _minus(caps, a))) for a in splits(k, caps)]
        pick = rng.randrange(sum(w for _, w in options))
        for a, w in options:  # noqa: B007 - the split picked, used below
            if pick < w:
                break
            pick -= w
        cards = list(by_class[k])
        rng.shuffle(cards)
        at = 0
        for i in range(len(seats)):
            hands[i].extend(cards[at:at + a[i]])
            at += a[i]
        caps = _minus(caps, a)
    deal: list[tuple[Card, ...]] = [()] * n
    deck = table.deck
    own = info.position.deal[d]
    assert own is not None  # the declarer's hand is always known
    deal[d] = own
    for i, s in enumerate(seats):
        mine = hands[i] + [c for seat, c in info.played if seat == s]
        deal[s] = tuple(Card(c, deck) for c in sorted(mine))
    return deal


def _minus(caps: tuple[int, ...], a: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c - x for c, x in zip(caps, a))


def _multinomial(n: int, parts: Sequence[int]) -> int:
    out, left = 1, n
    for p in parts:
        out *= math.comb(left, p)
        left -= p
    return out


def dd_share(position: Position, target: int | None, samples: int, seed: int,
             solver: Solver | None = None, progress: ProgressBar | None = None) -> DDShare:
    """Double-dummy share over ``samples`` distributions drawn with ``seed``.

    Tout positions count the deals where the declarer takes every trick;
    otherwise those where he reaches ``target`` card points.  ``samples``:
    0 to :data:`~stichfest.analysis.sampling.MAX_SAMPLES`.  Stopped early
    (Ctrl-C, SIGTERM) it raises a :class:`~stichfest.analysis.executor.Stopped`
    whose ``partial`` is the share over the deals solved, marked
    ``interrupted`` (None if none was)."""
    if samples:
        check_samples(samples)
    info = info_state(position)
    solver = solver or Solver()
    rng = random.Random(seed)
    goal = position.n_tricks if position.tout else target
    assert goal is not None  # a points question comes with its target (as for guarantee())
    made = done = 0
    if progress:
        progress.update(done=0, total=samples)
    try:
        while done < samples:
            deal = sample_deal(info, rng)
            made += solver.reaches(position.with_deal(deal), goal)
            done += 1
            if progress:
                progress.advance()
    except (KeyboardInterrupt, Stopped) as e:
        partial = DDShare(made, done, wilson_interval(made, done, z=DD_Z), interrupted=True) if done else None
        raise stopped(e, partial, done, samples) from None
    return DDShare(made, samples, wilson_interval(made, samples, z=DD_Z))
