"""What the bidding tells: a seat that passed holds no hand it would have announced.

Schafkopf is bid in turn: a seat with a game says so, a seat without one
passes ("weiter").  So when seats passed before the viewer (or the
declarer) announced, every sampled deal that gives one of them a hand it
would have announced is impossible.  Which hands a player announces is a
matter of style, so it is a rule given as data, an :class:`AnnounceRule`:
a hand announces when it meets any one of its clauses (:class:`Clause`).
The default (docs/rules.md, "Announce rule"):

* a Sauspiel with 5 trumps, or with 4 trumps two of them Ober (and a Sau
  it may call);
* a Solo with 6 trumps (Ober, Unter and one suit);
* a Wenz with 3 Unter and a Sau;
* any hand with the four Ober (a Geier, if nothing more).

``--announce-rule FILE`` replaces it (TOML, :func:`load_announce_rule`).
The same rule says what the declarer holds, seen by a defender: a hand
that meets a clause of his contract (:class:`AnnouncedHand`).
The rule becomes per-seat predicates of the sampler
(:class:`PassedHand`: picklable, for the worker processes); the sampler
rejects the deals that fail them, so the deals left stay uniform over
every deal the bidding allows.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache

from stichfest.cards import Card
from stichfest.contracts import (
    TRUMP,
    Contract,
    callable_suits,
    called_suit_problem,
    contract_kind,
    contract_table,
)

from .errors import InputError, read_toml
from .sampling import Constraints, HandPredicate

#: The contracts a clause may name: the Schafkopf games a seat announces.
CLAUSE_CONTRACTS = ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier")


@dataclass(frozen=True)
class Clause:
    """A hand announces ``contract`` when it holds at least ``min_trumps``
    trumps of it (in a contract naming a trump suit: of its best suit),
    ``min_ober`` Ober, ``min_unter`` Unter and ``min_sau`` Sauen (Aces of
    any suit).  A Sauspiel clause also needs a Sau the hand may call, and a
    clause never holds where its contract is not played (a Sauspiel for
    three)."""

    contract: str
    min_trumps: int = 0
    min_ober: int = 0
    min_unter: int = 0
    min_sau: int = 0

    def applies(self, n_seats: int) -> bool:
        """Whether the clause's contract is played by ``n_seats`` players."""
        kind = contract_kind("schafkopf", self.contract)
        return kind.players is None or n_seats in kind.players

    def holds(self, hand: Sequence[Card], n_seats: int, trump: int | None = None,
              called: int | None = None) -> bool:
        """Whether ``hand`` meets the clause; ``trump`` / ``called``: only in
        that trump suit / with that Sau to call (the contract announced)."""
        if not self.applies(n_seats):
            return False
        if _count(hand, "O") < self.min_ober or _count(hand, "U") < self.min_unter \
                or _count(hand, "A") < self.min_sau:
            return False
        if self.contract == "sauspiel" and not (callable_suits(hand) if called is None
                                                else called in callable_suits(hand)):
            return False
        if self.min_trumps:
            held = {c.index for c in hand}
            sets = _trump_sets(self.contract)
            if trump is not None and contract_kind("schafkopf", self.contract).needs_trump:
                sets = (sets[trump],)
            if max(len(held & t) for t in sets) < self.min_trumps:
                return False
        return True

    def describe(self) -> str:
        parts = [f"{n} {what}" for n, what in ((self.min_trumps, "trumps"), (self.min_ober, "Ober"),
                                               (self.min_unter, "Unter"), (self.min_sau, "Sau"))
                 if n]
        return f"{self.contract} with {' and '.join(parts) or 'any hand'}"


def _count(hand: Sequence[Card], rank: str) -> int:
    return sum(1 for c in hand if c.rank == rank)


@cache
def _trump_sets(contract: str) -> tuple[frozenset[int], ...]:
    """The trumps of ``contract``, one set per trump suit it may name."""
    kind = contract_kind("schafkopf", contract)
    suits: Iterable[int | None] = range(4) if kind.needs_trump else (kind.fixed_trump,)
    out = []
    for suit in suits:
        table = contract_table("schafkopf", contract, suit)
        out.append(frozenset(i for i, k in enumerate(table.follow_class) if k == TRUMP and table.strength[i]))
    return tuple(out)


@dataclass(frozen=True)
class AnnounceRule:
    """Which hands a seat announces: any one of ``clauses``.  ``source``
    names it in messages ("default" or the file)."""

    clauses: tuple[Clause, ...]
    source: str = "default"

    def announces(self, hand: Sequence[Card], n_seats: int) -> bool:
        return any(c.holds(hand, n_seats) for c in self.clauses)

    def describe(self, n_seats: int | None = None) -> str:
        """The clauses in words; with ``n_seats``, only those of contracts
        dealt to that many players (no Sauspiel in Schafkopf for three)."""
        clauses = [c for c in self.clauses if n_seats is None or c.applies(n_seats)]
        return "; ".join(c.describe() for c in clauses) or "no hand announces"

    def to_json(self) -> dict[str, object]:
        return {"source": self.source,
                "clauses": [{f.name: getattr(c, f.name) for f in fields(c)} for c in self.clauses]}


DEFAULT_RULE = AnnounceRule((
    Clause("sauspiel", min_trumps=5),
    Clause("sauspiel", min_trumps=4, min_ober=2),
    Clause("solo", min_trumps=6),
    Clause("wenz", min_unter=3, min_sau=1),
    Clause("geier", min_ober=4),
))

_CLAUSE_KEYS = tuple(f.name for f in fields(Clause))
#: Largest count a clause may ask (a hand holds at most 8 cards).
_MOST = 8


def load_announce_rule(path: str) -> AnnounceRule:
    """The rule of a TOML file: ``[[announce]]`` tables, one per clause, with
    the keys of :class:`Clause` (``contract`` required); they replace the
    default.  A bad file raises a one-line :class:`InputError`."""
    where = f"announce rule {path}"
    data = read_toml(path, "announce rule")
    unknown = sorted(set(data) - {"announce", "tariff"})  # a shared file's [tariff] is the tariff's
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r} (expected [[announce]] tables)")
    tables = data.get("announce", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise InputError(f"{where}: 'announce' must be [[announce]] tables, one per clause")
    return AnnounceRule(tuple(_clause(t, f"{where}, clause {i + 1}") for i, t in enumerate(tables)), path)


def _clause(table: Mapping[str, object], where: str) -> Clause:
    unknown = sorted(set(table) - set(_CLAUSE_KEYS))
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(_CLAUSE_KEYS)})")
    contract = table.get("contract")
    if contract not in CLAUSE_CONTRACTS:
        raise InputError(f"{where}: 'contract' must be one of {', '.join(CLAUSE_CONTRACTS)}, got {contract!r}")
    counts: dict[str, int] = {}
    for key in _CLAUSE_KEYS[1:]:
        value = table.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MOST:
            raise InputError(f"{where}: {key!r} must be a whole number 0..{_MOST}, got {value!r}")
        counts[key] = value
    return Clause(str(contract), **counts)


# ---------------------------------------------------------------------------
# The sampler's predicates
@dataclass(frozen=True)
class PassedHand:
    """A seat's dealt hand passes the test when the rule says it would not
    have announced: the predicate of a seat that passed."""

    rule: AnnounceRule
    n_seats: int
    seat: int

    def __call__(self, hand: tuple[Card, ...]) -> bool:
        return not self.rule.announces(hand, self.n_seats)

    @property
    def reason(self) -> str:
        """For the sampler's message when no deal is found."""
        return f"seat {self.seat} passed, and the announce rule ({self.rule.source}) may leave it no hand"


@dataclass(frozen=True)
class AnnouncedHand:
    """The declarer's dealt hand passes when it may make his call (a
    Sauspiel's caller may call that Sau) and meets a clause of the rule for
    his contract, in its trump suit (a Tout: its game's clauses; a contract
    the rule has no clause for tells nothing more): the predicate of the
    seat that announced, in the defenders' view."""

    rule: AnnounceRule
    contract: Contract
    n_seats: int
    seat: int

    def __call__(self, hand: tuple[Card, ...]) -> bool:
        spec = self.contract
        if spec.called is not None and called_suit_problem(hand, spec.called) is not None:
            return False
        clauses = [c for c in self.rule.clauses if c.contract == spec.name]
        return not clauses or any(c.holds(hand, self.n_seats, spec.trump, spec.called) for c in clauses)

    @property
    def reason(self) -> str:
        return (f"seat {self.seat} announced {self.contract.title}, and the announce rule ({self.rule.source}) "
                "and his call may leave him no such hand")


@dataclass(frozen=True)
class AllOf:
    """A hand passes when it passes every one of ``tests`` (two facts about one seat)."""

    tests: tuple[HandPredicate, ...]

    def __call__(self, hand: tuple[Card, ...]) -> bool:
        return all(t(hand) for t in self.tests)

    @property
    def reason(self) -> str:
        return "; ".join(r for t in self.tests if (r := getattr(t, "reason", "")))


def parse_seats(text: str, param: str = "passed") -> tuple[int, ...]:
    """``"0,1"`` -> ``(0, 1)``; a one-line error for anything else."""
    items = text.replace(" ", "").split(",")
    if not text.strip() or not all(i.isdigit() for i in items):
        raise InputError(f"{param} must be seats separated by commas, e.g. 0,1; got {text!r}", param=param)
    return tuple(sorted({int(i) for i in items}))


def bidding_predicates(game: str, n_seats: int, passed: Iterable[int], rule: AnnounceRule | None,
                       *, declarer: int, viewer: int, contract: Contract | None = None,
                       hand: Sequence[Card] | None = None, leader: int | None = None
                       ) -> dict[int, HandPredicate]:
    """What the bidding told everyone, by seat: the seats that ``passed``
    before ``declarer`` announced (:class:`PassedHand`) and, when the
    declarer is not the viewer, the declarer's ``contract``
    (:class:`AnnouncedHand`).  The ``viewer``'s own pass is in only with his
    ``hand`` and only if that hand passes the rule: the others infer it in
    their play-out worlds, and a pass against the rule would mislead them
    into worlds the play may later rule out.  The viewer's sampler drops
    his own seat (his hand is known).  With ``leader`` (the first to bid,
    as he is the first to lead), a seat that bids after the declarer cannot
    have passed before him: an error."""
    seats = sorted(set(passed))
    out: dict[int, HandPredicate] = {}
    if contract is not None and declarer != viewer:
        out[declarer] = AnnouncedHand(rule or DEFAULT_RULE, contract, n_seats, declarer)
    if not seats:
        return out
    if game != "schafkopf":
        raise InputError(f"passed seats are modelled for Schafkopf's bidding only; {game}'s bidding is not "
                         "modelled (docs/rules.md)" + (": for a Scharwenzel hand where everyone passed, give "
                                                       "--rule scharwenzel_passed=true" if game == "scharwenzel"
                                                       else ""), param="passed")
    for s in seats:
        if not 0 <= s < n_seats:
            raise InputError(f"passed seat {s}: seats are 0..{n_seats - 1}", param="passed")
    if declarer in seats:
        who = "the viewer announces" if declarer == viewer else f"seat {declarer} is the declarer"
        raise InputError(f"passed seat {declarer}: {who}, so it did not pass", param="passed")
    if leader is not None:
        late = [s for s in seats if (s - leader) % n_seats > (declarer - leader) % n_seats]
        if late:
            raise InputError(f"passed seat {late[0]} bids after seat {declarer}, who announced: the bidding "
                             f"starts at the leader, seat {leader}, and goes round in seat order", param="passed")
    rule = rule or DEFAULT_RULE
    out.update({s: PassedHand(rule, n_seats, s) for s in seats if s != viewer})
    mine = PassedHand(rule, n_seats, viewer)
    if viewer in seats and hand is not None and mine(tuple(hand)):
        out[viewer] = mine
    return out


def with_predicates(constraints: Constraints | None, predicates: Mapping[int, HandPredicate]) -> Constraints:
    """``constraints`` with ``predicates`` added (both must hold where a seat has two)."""
    constraints = constraints or Constraints()
    if not predicates:
        return constraints
    merged = dict(constraints.predicates)
    for seat, test in predicates.items():
        merged[seat] = AllOf((merged[seat], test)) if seat in merged else test
    return replace(constraints, predicates=merged)

