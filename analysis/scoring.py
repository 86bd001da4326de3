"""What a finished hand is worth: outcome levels, Laufende, Matadoren and the
tariff that turns them into a payout (docs/rules.md, "Scoring" and the Jass and
Scharwenzel sections).

A payout is the *declarer's own* net gain in tariff units: in a Sauspiel
one defender pays the declarer (and the other one the partner), so the
declarer gets the game's value once; a soloist is paid by, or pays, each
of the others (three, or two in Schafkopf for three: ``n_seats - 1``).
Any other seat's payout is a fixed share of the declarer's
(:func:`seat_share`); a Kontra multiplies every payout of the game
(:func:`with_kontra`); a Sie is paid without play (:func:`sie_payout`).
Every number of the tariff is a table variant: a :class:`Tariff` comes
from the defaults, a TOML file and ``KEY=VALUE`` overrides.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from enum import IntEnum
from fractions import Fraction

from stichfest.cards import Card
from stichfest.contracts import ContractKind
from stichfest.position import Position
from stichfest.weis import jass_weis

from .errors import InputError, read_toml


class Level(IntEnum):
    """How a hand ended for the declaring party; ordered from worst to best.

    Each level from ``LOST_SCHNEIDER`` up is "the party can force at least
    this", so one threshold query per level boundary finds it exactly."""

    LOST_SCHWARZ = 0  # the declaring party took no trick
    LOST_SCHNEIDER = 1  # Schafkopf: it took 30 points or fewer; Scharwenzel: the others took the first tricks
    LOST = 2
    DRAW = 3  # Scharwenzel: equal tricks (Bock)
    WON = 4
    WON_SCHNEIDER = 5  # Schafkopf: it took 91 points or more; Scharwenzel: it took the first tricks
    WON_SCHWARZ = 6  # it took every trick (Tout made, Jass match)
    # Scharwenzel's names for the two rungs it reads otherwise ("für die
    # ersten"): aliases, so ``Level.WON_FIRST_TRICKS is Level.WON_SCHNEIDER``
    # and the ladder stays one order for every game
    WON_FIRST_TRICKS = 5
    LOST_FIRST_TRICKS = 1

    def __str__(self) -> str:
        # an IntEnum prints its number since Python 3.11; a level reads as its
        # name (``level_key`` gives Scharwenzel's names for the rungs 1 and 5)
        return self.name.lower()


def level_key(pos: Position | None, level: Level | None) -> str | None:
    """A level in JSON: its name in lower case, but for the Scharwenzel
    meaning of the ``*_SCHNEIDER`` levels ("für die ersten")."""
    if level is None:
        return None
    if pos is not None and pos.game == "scharwenzel" and level in (Level.WON_SCHNEIDER, Level.LOST_SCHNEIDER):
        return "won_first_tricks" if level == Level.WON_SCHNEIDER else "lost_first_tricks"
    return level.name.lower()


#: Schafkopf card-point thresholds of the levels (docs/rules.md: 61 wins, <= 30 is Schneider).
WIN_POINTS = 61
SCHNEIDER_POINTS = 91  # the declarers make the defenders Schneider (defenders <= 29)
FREE_POINTS = 31  # the declarers are Schneider free
def points_level(value: int, *, every_trick: bool = False, no_trick: bool = False) -> Level:
    """The level of a Schafkopf point game from the declaring party's final
    card points; Schwarz needs a trick count: ``every_trick`` (the party took
    every trick) or ``no_trick`` (it took none)."""
    if every_trick:
        return Level.WON_SCHWARZ
    if value >= SCHNEIDER_POINTS:
        return Level.WON_SCHNEIDER
    if value >= WIN_POINTS:
        return Level.WON
    if value >= FREE_POINTS:
        return Level.LOST
    return Level.LOST_SCHWARZ if no_trick else Level.LOST_SCHNEIDER


#: Points of one Jass hand (last trick included) and the match bonus.
JASS_TOTAL = 157
JASS_MATCH = 100


#: The largest tariff number taken: far above any table's, small enough that payouts stay exact as floats.
MAX_TARIFF = 1_000_000


def _short(value: object) -> str:
    """``repr(value)``, cut to a readable length (a bad value may be thousands of digits)."""
    if isinstance(value, int) and value.bit_length() > 1000:  # repr() refuses beyond 4,300 digits
        return "a number of hundreds of digits or more"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Tariff:
    """Every number that turns an outcome into money or game points.

    Field names are the keys of a tariff TOML file (flat ``key = integer``
    pairs, or the same pairs under a ``[tariff]`` table) and of
    :func:`load_tariff`'s ``settings``.  Defaults are docs/rules.md's.
    """

    # Schafkopf: base value of each announced game, per player paying
    sauspiel: int = 20
    solo: int = 50
    wenz: int = 50
    geier: int = 50
    farbwenz: int = 50
    farbgeier: int = 50
    schneider: int = 10
    schwarz: int = 10  # on top of Schneider
    laufender: int = 10  # per Laufender, once the run is long enough to be paid
    laufende_from_sauspiel: int = 3
    laufende_from_solo: int = 3
    laufende_from_wenz: int = 2
    laufende_from_geier: int = 2
    laufende_from_farbwenz: int = 2
    laufende_from_farbgeier: int = 2
    tout_factor: int = 2  # a Tout multiplies base + Laufende; no Schneider/Schwarz
    sie: int = 50  # base value of a Sie (a solo game's)
    sie_factor: int = 4  # a Sie multiplies base + its 8 Laufende (twice a Tout's factor: above every Tout)
    kontra_factor: int = 2  # a Kontra multiplies the game's value (so does each Re)
    # Jass: factor on everything a mode scores (Swisslos: C/H 1, S/D 2, obenabe/undeufe 3)
    jass_factor_C: int = 1
    jass_factor_S: int = 1
    jass_factor_H: int = 1
    jass_factor_D: int = 1
    jass_factor_obenabe: int = 1
    jass_factor_undeufe: int = 1
    # Scharwenzel
    scharwenzel_game: int = 2
    scharwenzel_game_clubs: int = 4  # when Kreuz won the bidding
    matadoren_from: int = 3
    scharwenzel_matador: int = 1  # points per Matador, once there are matadoren_from of them
    scharwenzel_haken: int = 24  # a Tout scores a Haken, worth one Faden (24)
    scharwenzel_ersten: int = 2  # "für die ersten": the first majority-number of tricks in a row
    scharwenzel_tout_haken: int = 2  # an announced Tout made: the game and this many Haken
    scharwenzel_tout_failed: int = 4  # an announced Tout lost: what the other party scores

    def with_settings(self, settings: Mapping[str, object], where: str = "tariff",
                      game: str | None = None) -> Tariff:
        """A copy with ``settings`` (key -> integer) applied; unknown keys are
        errors, and so (``game`` given) is a key of another game's scoring,
        which would change nothing.  (A tariff file may be shared by the
        games, so it is read without ``game``.)"""
        known = {f.name for f in fields(self)}
        clean: dict[str, int] = {}
        for key, value in settings.items():
            if key not in known:
                own = sorted(k for k in known if game is None or tariff_game(k) == game)
                raise InputError(f"{where}: unknown tariff key {key!r} "
                                 f"(known{f' for {game}' if game else ''}: {', '.join(own)})")
            if game is not None and tariff_game(key) != game:
                raise InputError(f"{where}: tariff key {key!r} is {tariff_game(key)}'s; "
                                 f"it changes nothing in a {game} analysis")
            low = _least_setting(key)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_TARIFF:
                raise InputError(f"{where}: tariff key {key!r} must be a whole number {low}..{MAX_TARIFF:,}, "
                                 f"got {_short(value)}")
            clean[key] = value
        return replace(self, **clean)

    def to_json(self) -> dict[str, int]:
        return asdict(self)

    def base(self, tariff_key: str) -> int:
        """The base value of a contract (its registry entry's ``tariff_key``)."""
        return int(getattr(self, tariff_key))

    def laufende_from(self, tariff_key: str) -> int:
        return int(getattr(self, f"laufende_from_{tariff_key}"))


def _least_setting(key: str) -> int:
    """The least value of a tariff key: a factor multiplies the game (0 would
    make it worth nothing, which no table plays), a count of Laufende or
    Matadoren starts at 1; every other number may be 0."""
    return 1 if key.endswith("_factor") or key.startswith("jass_factor_") or key.startswith("laufende_from_") \
        or key == "matadoren_from" else 0


def tariff_game(key: str) -> str:
    """The game whose scoring reads tariff ``key``: Jass its factors
    (``jass_*``), Scharwenzel its own keys (``scharwenzel_*``,
    ``matadoren_from``), Schafkopf the rest."""
    if key.startswith("jass_"):
        return "jass"
    if key.startswith("scharwenzel_") or key == "matadoren_from":
        return "scharwenzel"
    return "schafkopf"


def load_tariff(path: str | None = None, settings: Mapping[str, object] | None = None,
                game: str | None = None) -> Tariff:
    """The default tariff, then a TOML file's keys, then ``settings`` (key ->
    integer), whose keys must be ``game``'s where it is given."""
    tariff = Tariff()
    if path is not None:
        data = read_toml(path, "tariff file")
        if isinstance(data.get("tariff"), dict):
            # the keys under [tariff]; other tables are other settings of a shared file
            # (the announce rule's [[announce]]), but a flat key beside them is ambiguous
            flat = sorted(k for k, v in data.items() if k != "tariff" and not isinstance(v, (dict, list)))
            if flat:
                raise InputError(f"tariff file {path}: key {flat[0]!r} is outside [tariff]; give the keys "
                                 "flat or under [tariff], not both")
            data = data["tariff"]
        tariff = tariff.with_settings(data, f"tariff file {path}")
    return tariff.with_settings(settings, "settings", game) if settings else tariff


# ---------------------------------------------------------------------------
# Runs of top trumps
def top_trump_run(pos: Position, seats: frozenset[int] | None = None) -> tuple[int, bool]:
    """``(length, held by the declaring party)`` of the unbroken run of top
    trumps held by one party (Laufende, Matadoren).

    ``seats`` overrides the party (default: the declaring party).  Trumps not
    dealt (the short deck's 7s and 8s) are skipped."""
    party = pos.declaring_party if seats is None else seats
    hands = [h for h in pos.deal if h is not None]
    assert len(hands) == len(pos.deal)  # a full deal (scored after solving), so seats keep their order
    owner = {c.index: s in party for s, hand in enumerate(hands) for c in hand}
    run, side = 0, None
    for index in pos.table.trump_order:
        if index not in owner:
            continue
        if side is None:
            side = owner[index]
        elif owner[index] != side:
            break
        run += 1
    return run, bool(side)


def laufende(pos: Position) -> int:
    """Laufende of a Schafkopf game: the run of top trumps held by one party
    (declarer and partner together in a Sauspiel), whichever party it is."""
    run, _ = top_trump_run(pos)
    return run


def paid_laufende(tariff: Tariff, pos: Position) -> int:
    """The Laufende that are paid: 0 below the tariff's minimum (docs/rules.md, "Laufende": from 3
    in Sauspiel/Solo, from 2 in Wenz/Geier/Farbwenz/Farbgeier)."""
    run = laufende(pos)
    return run if run >= tariff.laufende_from(pos.spec.tariff_key) else 0


def schafkopf_payout(tariff: Tariff, pos: Position, level: Level) -> int:
    """The declarer's net gain in a Schafkopf game that ended at ``level``.

    Tout: ``tout_factor * (base + Laufende)``, won only at ``WON_SCHWARZ``
    (every trick), no Schneider or Schwarz on top."""
    game = tariff.base(pos.spec.tariff_key) + tariff.laufender * paid_laufende(tariff, pos)
    if pos.tout:
        game *= tariff.tout_factor
        won = level == Level.WON_SCHWARZ
    else:
        won = level >= Level.WON
        if level in (Level.LOST_SCHNEIDER, Level.LOST_SCHWARZ, Level.WON_SCHNEIDER, Level.WON_SCHWARZ):
            game += tariff.schneider
        if level in (Level.LOST_SCHWARZ, Level.WON_SCHWARZ):
            game += tariff.schwarz
    payers = 1 if pos.kind.paid_by_one else pos.n_seats - 1
    return game * payers if won else -game * payers


def seat_share(kind: ContractKind, n_seats: int, in_party: bool) -> Fraction:
    """A seat's payout as a share of the declarer's, in a Schafkopf game.

    A seat of the declaring party (the declarer, his Sauspiel partner) gets
    what the declarer gets; in a Sauspiel each defender pays, or is paid,
    one winner: minus the declarer's payout; a soloist's defender pays him,
    or is paid by him, the game's value: minus his payout over the
    ``n_seats - 1`` defenders (docs/rules.md, "Schafkopf tariff")."""
    if in_party:
        return Fraction(1)
    return Fraction(-1, 1 if kind.paid_by_one else n_seats - 1)


def with_kontra(tariff: Tariff, payout: float, calls: int = 1) -> float:
    """A payout after ``calls`` doublings (Kontra, then Re): each multiplies
    the game's value, so every seat's payout, by ``kontra_factor``."""
    return payout * float(tariff.kontra_factor ** calls)


def sie_laufende(kind: ContractKind) -> int:
    """A Sie's Laufende: the run of top trumps its cards make in its table
    (the Solo order: the eight Ober and Unter are the top eight)."""
    held = set(kind.claim)
    table = kind.table(kind.fixed_trump)
    run = 0
    for index in table.trump_order:
        if f"{Card(index, table.deck)}" not in held:
            break
        run += 1
    return run


def sie_payout(tariff: Tariff, kind: ContractKind, n_seats: int) -> int:
    """The declarer's net gain from a Sie (won without play): ``sie_factor ×
    (sie + laufender × its Laufende)`` from each of the ``n_seats - 1``
    others; no Schneider or Schwarz (docs/rules.md, "Sie")."""
    game = tariff.sie_factor * (tariff.base(kind.tariff_key(None)) + tariff.laufender * sie_laufende(kind))
    return game * (n_seats - 1)


# ---------------------------------------------------------------------------
# Jass
def jass_win_points() -> int:
    """More than half of the hand's points: the declaring team "wins" the hand."""
    return JASS_TOTAL // 2 + 1


def jass_level(value: int, their_match: bool) -> Level:
    """Level of a Jass result: ``value`` is the declaring team's points with
    last trick and match; ``their_match``: the other team took every trick
    (it cannot be told from ``value``: 0 points may be 0-point tricks)."""
    if value >= JASS_TOTAL + JASS_MATCH:
        return Level.WON_SCHWARZ
    if value >= jass_win_points():
        return Level.WON
    return Level.LOST_SCHWARZ if their_match else Level.LOST


def jass_factor(tariff: Tariff, pos: Position) -> int:
    return tariff.base(pos.spec.tariff_key)


def jass_weis_net(pos: Position) -> int:
    """The declaring team's Weis and Stöck minus the other team's, unmultiplied
    (only the team with the best single Weis writes Weis; Stöck count for
    whoever holds them: docs/rules.md, "Weis" and "Stöck")."""
    weis, stoeck = jass_weis(pos, multiplied=False)
    team = pos.declarer % 2
    return weis[team] - weis[1 - team] + stoeck[team] - stoeck[1 - team]


def jass_payout(tariff: Tariff, pos: Position, value: int, weis: list[int], stoeck: list[int],
                their_match: bool) -> int:
    """The declaring team's points minus the opponents', each side with its
    card points, last trick, match bonus, Weis and Stöck; the difference is
    multiplied once, by the mode's tariff factor times the position's
    ``jass_multiplier`` (docs/rules.md, "Jass scoring").  ``weis`` and
    ``stoeck`` are the unmultiplied figures; ``their_match``: the other
    team took every trick."""
    team = pos.declarer % 2
    card_points = value - (JASS_MATCH if value >= JASS_TOTAL + JASS_MATCH else 0)
    theirs = JASS_TOTAL - card_points + (JASS_MATCH if their_match else 0)
    net = value - theirs + weis[team] - weis[1 - team] + stoeck[team] - stoeck[1 - team]
    return jass_factor(tariff, pos) * int(pos.rule("jass_multiplier")) * net


# ---------------------------------------------------------------------------
# Scharwenzel
def scharwenzel_majority(pos: Position) -> int:
    return pos.n_tricks // 2 + 1


def scharwenzel_level(pos: Position, tricks: int, first: int = 0) -> Level:
    """The level of a Scharwenzel result: ``tricks`` of the declaring party's,
    and "für die ersten", the party that took the first majority-number of
    tricks in a row: ``first`` > 0 the declaring party, < 0 the other, 0
    neither (or not known: then no ``*_SCHNEIDER`` level)."""
    n, need = pos.n_tricks, scharwenzel_majority(pos)
    if tricks == n:
        return Level.WON_SCHWARZ
    if pos.tout:  # announced: every trick or lost
        return Level.LOST
    if tricks >= need:
        return Level.WON_SCHNEIDER if first > 0 else Level.WON
    if n % 2 == 0 and tricks == n // 2:
        return Level.DRAW
    if tricks == 0:
        return Level.LOST_SCHWARZ
    return Level.LOST_SCHNEIDER if first < 0 else Level.LOST


def first_tricks_side(pos: Position, winners: Sequence[int]) -> int:
    """Who took the first majority-number of tricks in a row, from the seats
    that won the tricks in order (a finished hand's): 1 the declaring party,
    -1 the other, 0 neither."""
    need = scharwenzel_majority(pos)
    first = [w in pos.declaring_party for w in winners[:need]]
    if len(first) < need:
        return 0
    return 1 if all(first) else -1 if not any(first) else 0


def matadoren(pos: Position, winners: frozenset[int]) -> int:
    """Matadoren of the party ``winners``: its unbroken run of the 7 top
    trumps from the Olsch (0 when the other party holds the Olsch)."""
    run, held = top_trump_run(pos, winners)
    return min(run, 7) if held else 0


def scharwenzel_payout(tariff: Tariff, pos: Position, level: Level) -> int:
    """Game points the declaring party scores (negative: the opponents score).

    The party with the majority scores the game (2, or 4 with Kreuz trump),
    its Matadoren from ``matadoren_from`` on (``scharwenzel_matador``, 1,
    apiece), and ``scharwenzel_ersten`` (2)
    "für die ersten" when it took the first majority-number of tricks in a
    row (the ``*_SCHNEIDER`` levels); a Tout scores the game and a Haken
    instead; equal tricks (Bock) score 0 now.  An announced Tout
    (``pos.tout``): made, the game and ``scharwenzel_tout_haken`` (2) Haken;
    lost, ``scharwenzel_tout_failed`` (4) to the others.  Left out: the
    Faden (see docs/rules.md).  Where everyone passed (the position rule
    ``scharwenzel_passed``) clubs is trump at ``scharwenzel_game``."""
    game = tariff.scharwenzel_game if pos.rule("scharwenzel_passed") else tariff.base(pos.spec.tariff_key)
    if pos.tout:  # announced: made is the game and two Haken, lost pays the others a fixed sum
        if level == Level.WON_SCHWARZ:
            return game + tariff.scharwenzel_tout_haken * tariff.scharwenzel_haken
        return -tariff.scharwenzel_tout_failed
    if level == Level.DRAW:
        return 0
    winners = pos.declaring_party if level >= Level.WON else pos.other_party
    if level in (Level.WON_SCHWARZ, Level.LOST_SCHWARZ):
        score = game + tariff.scharwenzel_haken
    else:
        m = matadoren(pos, winners)
        score = game + (m * tariff.scharwenzel_matador if m >= tariff.matadoren_from else 0)
        if level in (Level.WON_SCHNEIDER, Level.LOST_SCHNEIDER):
            score += tariff.scharwenzel_ersten
    return score if level >= Level.WON else -score
