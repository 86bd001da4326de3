"""Which Schafkopf game outranks which in the auction (docs/rules.md,
"Contract ranking").

When two seats want to play, the higher game plays; of two games of equal
rank, the seat that bids first (the bidding starts at the leader and goes
round in seat order).  The default order, lowest first, is Sauspiel,
Farbgeier, Geier, Farbwenz, Wenz, Solo; above them each Tout in the same
order; Sie on top.  Every Solo ranks alike whatever its suit (a Farbwenz,
a Farbgeier likewise).  Tables differ, so the order is a variant: a
:class:`Ranking` given as the games' names (``--ranking``).

``stichfest analyze --outbid SEAT:ID`` uses it: seat ``SEAT`` announced
``ID``, and only the viewer's contracts that win the auction against it
are analysed (:func:`outbidding`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stichfest.cards import GERMAN, SUIT_LETTERS
from stichfest.contracts import REGISTRY, Contract, every_contract

from .errors import InputError

#: The announced Schafkopf games, lowest first (docs/rules.md, "Contract ranking").
GAMES_LOW_TO_HIGH = ("sauspiel", "farbgeier", "geier", "farbwenz", "wenz", "solo")
#: The contract won without play, above every Tout by default.
SIE = "sie"
_TOUT_GAMES = tuple(k.name for k in REGISTRY if k.game == "schafkopf" and k.tout_allowed)


def _with_touts(games: Sequence[str]) -> tuple[str, ...]:
    """``games`` (lowest first), then their Touts in the same order, then Sie."""
    return (*games, *(f"{g}-tout" for g in games if g in _TOUT_GAMES), SIE)


@dataclass(frozen=True)
class Ranking:
    """The auction's order of Schafkopf contracts, lowest first: game names
    (``"solo"``), Touts (``"solo-tout"``) and ``"sie"``.  ``source`` names
    it in messages and JSON."""

    order: tuple[str, ...]
    source: str = "default"

    def rank(self, contract: Contract) -> int:
        """The position of ``contract`` in the order (higher outranks)."""
        return self.order.index(contract.name + ("-tout" if contract.tout else ""))

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "order": list(self.order)}


DEFAULT_RANKING = Ranking(_with_touts(GAMES_LOW_TO_HIGH))


def parse_ranking(text: str) -> Ranking:
    """A table's own order, lowest first, comma-separated: the six games
    (their Touts then rank above them in the same order, and Sie on top;
    Sie named among the six stays where it is, below every Tout), or the
    six games and the five Touts in any order (Sie on top unless placed).
    A one-line :class:`InputError` for anything else."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    known = DEFAULT_RANKING.order
    for n in names:
        if n not in known:
            raise InputError(f"ranking: unknown game {n!r} (known: {', '.join(known)})", param="ranking")
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise InputError(f"ranking: {n!r} is named twice", param="ranking")
        seen.add(n)
    missing = [g for g in GAMES_LOW_TO_HIGH if g not in seen]
    if missing:
        raise InputError(f"ranking: the order must name every game; {missing[0]!r} is missing", param="ranking")
    if not any(n.endswith("-tout") for n in names):  # the Touts follow, in the games' order
        names += [f"{g}-tout" for g in names if g in _TOUT_GAMES]
    absent = [f"{g}-tout" for g in _TOUT_GAMES if f"{g}-tout" not in names]
    if absent:
        raise InputError(f"ranking: name every Tout or none; {absent[0]!r} is missing", param="ranking")
    return Ranking(tuple(names) + (() if SIE in seen else (SIE,)), text.strip())


def parse_announced(text: str, n_seats: int) -> Contract:
    """The contract another seat announced, by id (``wenz``, ``solo-E``,
    ``sauspiel-G``, ``wenz-tout``) or, where the suit was not said,
    by its game alone (``solo``, ``sauspiel``, ``farbwenz-tout``)."""
    name = text.strip().lower()
    if name == SIE:
        raise InputError("outbid: a Sie is won without play, as it is shown: nothing is bid against it",
                         param="outbid")
    specs = every_contract("schafkopf", n_seats)
    for spec in specs:
        if spec.id.lower() == name:
            return spec
    game, _, rest = name.partition("-")
    kinds = {s.name for s in specs}
    if game in kinds and rest in ("", "tout"):
        spec = next(s for s in specs if s.name == game)
        if rest != "tout" or spec.kind.tout_allowed:
            return Contract("schafkopf", game, tout=rest == "tout")
    letters = "".join(SUIT_LETTERS[GERMAN])
    example = "wenz, solo-E, sauspiel-G, wenz-tout" if "sauspiel" in kinds else "wenz, solo-E, wenz-tout"
    raise InputError(f"outbid: no contract {text.strip()!r} for {n_seats} players (a game, with a suit letter of "
                     f"{letters} or none, and -tout: e.g. {example})", param="outbid")


def parse_outbid(text: str) -> tuple[int, str]:
    """``"2:wenz"`` -> ``(2, "wenz")`` (the contract is checked with the hand's table)."""
    seat, sep, contract = text.partition(":")
    if not sep or not seat.strip().isdigit() or not contract.strip():
        raise InputError(f"outbid must be SEAT:ID, e.g. 2:wenz or 1:solo-E; got {text!r}", param="outbid")
    return int(seat), contract.strip()


def check_outbid(game: str, n_seats: int, seat: int, announcer: int, passed: Sequence[int],
                 outbid: tuple[int, Contract | str]) -> tuple[int, Contract]:
    """``outbid`` (another seat and the contract it announced, by id or
    game) checked against the rest of the bidding, for the viewer ``seat``:
    ``(their seat, their contract)``, or a one-line :class:`InputError`."""
    their_seat, theirs = outbid
    if game != "schafkopf":
        raise InputError(f"outbidding is modelled for Schafkopf's auction only; {game}'s bidding is not "
                         "modelled (docs/rules.md)", param="outbid")
    if announcer != seat:
        raise InputError("outbid: the viewer's own contracts outbid another seat's, not with --declarer",
                         param="outbid")
    if not 0 <= their_seat < n_seats:
        raise InputError(f"outbid seat {their_seat}: seats are 0..{n_seats - 1}", param="outbid")
    if their_seat == seat:
        raise InputError(f"outbid seat {their_seat} is the viewer's own", param="outbid")
    if their_seat in passed:
        raise InputError(f"seat {their_seat} announced, so it did not pass", param="outbid")
    return their_seat, parse_announced(theirs, n_seats) if isinstance(theirs, str) else theirs


def bids_first(seat: int, other: int, leader: int, n_seats: int) -> bool:
    """Whether ``seat`` bids before ``other`` (the bidding starts at the leader)."""
    return (seat - leader) % n_seats < (other - leader) % n_seats


def wins_auction(mine: Contract, seat: int, theirs: Contract, their_seat: int, leader: int, n_seats: int,
                 ranking: Ranking = DEFAULT_RANKING) -> bool:
    """Whether ``seat`` playing ``mine`` wins the auction against
    ``their_seat`` playing ``theirs``: a higher game, or an equal one bid first."""
    a, b = ranking.rank(mine), ranking.rank(theirs)
    return a > b or (a == b and bids_first(seat, their_seat, leader, n_seats))


def outbidding(specs: Sequence[Contract], seat: int, theirs: Contract, their_seat: int, leader: int,
               n_seats: int, ranking: Ranking = DEFAULT_RANKING) -> list[Contract]:
    """The contracts of ``specs`` with which ``seat`` wins the auction
    against ``their_seat``'s ``theirs``; an :class:`InputError` if none."""
    out = [s for s in specs if wins_auction(s, seat, theirs, their_seat, leader, n_seats, ranking)]
    if not out:
        raise InputError(f"outbid: no contract of this hand wins the auction against seat {their_seat}'s "
                         f"{theirs.title} (ranking: {ranking.source})", param="outbid")
    return out
