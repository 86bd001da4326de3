"""Positions: the solver's input, one value object per deal and play so far.

A position is JSON (see README, "Positions").  :meth:`Position.from_json`
validates everything once, at the boundary, and raises
:class:`PositionError` with a one-line message naming the problem; after
that the rest of the code trusts it.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import (
    DEALINGS,
    GAME_DECK,
    GERMAN,
    SUIT_LETTERS,
    SUIT_NAMES,
    Card,
    CardError,
    card,
    card_items,
    deck_cards,
    either,
    is_short_deck,
    mask_of,
    parse_card,
    players_of,
    suit_of,
)
from .contracts import (
    CLUBS,
    CONTRACTS,
    GAMES,
    PARTY_ACROSS,
    PARTY_ALTERNATE,
    PARTY_CALLED,
    Contract,
    ContractKind,
    ContractTable,
    called_suit_problem,
    contract_kind,
    contract_table,
    tout_contracts,
)
from .play import CalledSau, GameState, IllegalPlay, party_total

HIDDEN = "?"

#: Rule variants a position may switch on (docs/rules.md "variant"), with defaults.
RULE_DEFAULTS: dict[str, Any] = {
    "davonlaufen_min": 4,  # Sauspiel: cards of the called suit needed to run away
    "weis_four_low_zero": False,  # Jass: four 6s/7s/8s are worth 0
    "weis_sequence_cap": False,  # Jass: sequences capped at 100
    "weis_four_beats_sequence": False,  # Jass: four of a kind beats an equal sequence
    "weis_kreuzweis": True,  # Jass: a card may count in two Weis
    "jass_multiplier": 1,  # Jass: multiplier applied to weis and stoeck figures
    "scharwenzel_passed": False,  # Scharwenzel: everyone passed, so clubs is trump at the lower game value
}

#: The allowed values of the numeric rule variants (a Jass multiplier: Swisslos counts a
#: mode up to 3 times, Coiffeur tables more).
RULE_RANGE: dict[str, tuple[int, int]] = {"davonlaufen_min": (1, 8), "jass_multiplier": (1, 16)}

#: The numbers of players a rule variant can matter for, where not every number its game is
#: dealt to, and why.
RULE_PLAYERS: dict[str, tuple[tuple[int, ...], str]] = {
    "davonlaufen_min": ((4,), "it is the Sauspiel's, and Schafkopf for three has no Sauspiel"),
}

#: The game each rule variant belongs to; naming it in another game's position is a mistake.
RULE_GAME: dict[str, str] = {k: "schafkopf" if k == "davonlaufen_min" else
                             "scharwenzel" if k.startswith("scharwenzel_") else "jass" for k in RULE_DEFAULTS}


class FrozenRules(dict[str, Any]):
    """A position's rule settings: a dict that refuses changes (a position
    is a value; change a rule with ``replace(pos, rules=...)`` or JSON)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a position's rules cannot be changed; make a new position")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle rebuilds a dict subclass item by item; this one is rebuilt whole
        return (FrozenRules, (dict(self),))


class PositionError(ValueError):
    """The position is malformed or impossible; the message is one line."""


def deck_description(game: str, n_seats: int, hand_size: int) -> str:
    n = len(deck_cards(game, n_seats, hand_size))
    if is_short_deck(game, n_seats, hand_size):
        return f"short deck ({n} cards)"
    if game == "schafkopf" and n_seats == 3:
        return "24-card deck of Schafkopf for three (no 7s and 8s)"
    return f"{n}-card deck"


@dataclass(frozen=True)
class Position:
    """A validated position.  ``deal[s]`` is None for a hidden hand ("?")."""

    game: str
    contract: str
    declarer: int
    leader: int
    deal: tuple[tuple[Card, ...] | None, ...]
    play: tuple[Card, ...] = ()
    trump: int | None = None
    called: int | None = None
    tout: bool = False
    rules: Mapping[str, Any] = field(default_factory=FrozenRules)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, FrozenRules):
            object.__setattr__(self, "rules", FrozenRules(self.rules))

    # -- parsing -----------------------------------------------------------
    @classmethod
    def from_json(cls, data: str | Mapping[str, Any], *, allow_hidden: bool = False) -> Position:
        """Parse and validate a position (a JSON string or a decoded object)."""
        if isinstance(data, str):
            data = parse_json(data)
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object")
        return _parse(data, allow_hidden)

    @classmethod
    def build(cls, contract: Contract, deal: Sequence[Sequence[Card | str] | str | None], *, declarer: int = 0,
              leader: int = 0, play: Sequence[Card | str] | str = (),
              rules: Mapping[str, Any] | None = None) -> Position:
        """A validated position of ``contract`` on ``deal``: each hand as cards,
        their text, or one string as in JSON (``"EO GO HA"``); ``None`` is a
        hidden hand."""
        data = position_json(contract.game, contract.name, deal, declarer=declarer, leader=leader,
                             trump=contract.trump, called=contract.called, tout=contract.tout,
                             play=play, rules=rules)
        return _parse(data, allow_hidden=any(h is None for h in deal))

    def to_json(self) -> dict[str, Any]:
        """The JSON object of this position; ``from_json(to_json())`` round-trips."""
        out: dict[str, Any] = {"game": self.game, "contract": self.contract}
        letters = SUIT_LETTERS[self.deck]
        if self.trump is not None:
            out["trump"] = letters[self.trump]
        if self.called is not None:
            out["called"] = letters[self.called]
        if self.kind.tout_allowed:
            out["tout"] = self.tout
        out["declarer"] = self.declarer
        out["leader"] = self.leader
        out["deal"] = [HIDDEN if h is None else " ".join(map(str, h)) for h in self.deal]
        out["play"] = [str(c) for c in self.play]
        rules = {k: v for k, v in self.rules.items() if RULE_DEFAULTS.get(k) != v}
        if rules:
            out["rules"] = rules
        return out

    # -- derived facts -----------------------------------------------------
    @property
    def deck(self) -> str:
        return GAME_DECK[self.game]

    @property
    def n_seats(self) -> int:
        return len(self.deal)

    @property
    def hand_size(self) -> int:
        return next(len(h) for h in self.deal if h is not None)

    @property
    def n_tricks(self) -> int:
        return self.hand_size

    def rule(self, key: str) -> Any:
        return self.rules.get(key, RULE_DEFAULTS[key])

    @property
    def kind(self) -> ContractKind:
        """The contract's registry entry (its rules as data)."""
        return contract_kind(self.game, self.contract)

    @property
    def spec(self) -> Contract:
        """The contract as announced: kind, trump, called suit, Tout."""
        return Contract(self.game, self.contract, self.trump, self.called, self.tout)

    @property
    def table(self) -> ContractTable:
        return contract_table(self.game, self.contract, self.trump, self.tout)

    @property
    def scores_tricks(self) -> bool:
        """True where ``value`` counts tricks (Tout, Scharwenzel), not card points."""
        return self.spec.counts_tricks

    @property
    def partner(self) -> int | None:
        """Seat of the holder of the called Sau in a sauspiel."""
        if not self.kind.calls_sau or self.called is None:
            return None
        sau = card(self.called, "A", GERMAN)
        for seat, hand in enumerate(self.deal):
            if hand is not None and sau in hand:
                return seat
        return None

    @property
    def declaring_party(self) -> frozenset[int]:
        """Seats whose result ``value`` reports (docs/rules.md / README "What a solve returns")."""
        n, d, party = self.n_seats, self.declarer, self.kind.party
        if party == PARTY_ACROSS:
            return frozenset({d, (d + 2) % n})
        if party == PARTY_ALTERNATE:
            return frozenset(s for s in range(n) if s % 2 == d % 2)
        partner = self.partner
        if party == PARTY_CALLED and partner is not None:
            return frozenset({d, partner})
        return frozenset({d})

    @property
    def other_party(self) -> frozenset[int]:
        """The seats not in :attr:`declaring_party` (in Ramsch: the three others)."""
        return frozenset(range(self.n_seats)) - self.declaring_party

    @property
    def maximizing_seats(self) -> frozenset[int]:
        """Seats that play to raise ``value`` (in ramsch: everyone but the declarer)."""
        if self.kind.against_all:
            return frozenset(range(self.n_seats)) - {self.declarer}
        return self.declaring_party

    @property
    def match_bonus(self) -> int:
        return self.table.match_bonus

    def initial_state(self) -> GameState:
        hands = [mask_of(h) for h in self.deal if h is not None]
        if len(hands) != self.n_seats:
            raise PositionError("the position has hidden hands; deal them before solving")
        return GameState(self.table, hands, self.leader, self.called_sau())

    def called_sau(self) -> CalledSau | None:
        """The called Sau's rules in play, where its holder is known (a Sauspiel)."""
        partner = self.partner
        if not self.kind.calls_sau or self.called is None or partner is None:
            return None
        return CalledSau(self.called, card(self.called, "A", GERMAN).index, partner,
                         int(self.rule("davonlaufen_min")))

    def state(self) -> GameState:
        """The state after replaying ``play`` (already checked at parse time)."""
        st = self.initial_state()
        for c in self.play:
            st.play(c.index)
        return st

    def value_so_far(self, st: GameState) -> int:
        """What the reported party has won in completed tricks of ``st``."""
        return party_total(st, self.declaring_party)

    def with_play(self, play: Sequence[Card | str] | str) -> Position:
        """This deal with ``play`` as the cards played so far (cards, their
        text, or one space-separated string), checked as :meth:`from_json`
        checks them: an illegal card raises :class:`PositionError` naming
        the seat, the card and its index."""
        try:
            cards = tuple(_json_card(x, self.deck) for x in card_items(play))
        except CardError as e:
            raise PositionError(f"play: {e}") from None
        pos = Position(self.game, self.contract, self.declarer, self.leader, self.deal,
                       cards, self.trump, self.called, self.tout, self.rules)
        if cards != self.play[:len(cards)]:
            # a prefix of this position's play was checked with it (a review
            # steps back through a record's prefixes, card after card); any
            # other play is replayed
            _check_play(pos)
        return pos

    def as_trick_count(self) -> Position:
        """The same position scored in tricks of the declaring party (the
        Tout scoring, for any Schafkopf contract): ``value == n_tricks`` of
        it asks whether the party takes every trick (the defenders are
        Schwarz).  An API-only form: JSON positions take "tout" only where
        a Tout may be announced."""
        if self.game != "schafkopf" or self.kind.against_all:
            raise ValueError("trick counting applies to Schafkopf party contracts")
        return replace(self, tout=True)

    def with_deal(self, deal: Sequence[tuple[Card, ...] | None]) -> Position:
        """This position with ``deal`` as the hands, taken as given: for a
        sampler that deals hidden hands consistently with the play (it is
        called once a sampled deal; :meth:`build` checks a deal)."""
        return Position(self.game, self.contract, self.declarer, self.leader, tuple(deal),
                        self.play, self.trump, self.called, self.tout, self.rules)


# ---------------------------------------------------------------------------
class _DuplicateKey(ValueError):
    """A JSON object gives this key (``args[0]``) twice."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` for ``json.loads``: a JSON object, refusing a key
    given twice (:class:`_DuplicateKey`), where the decoder keeps the last."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def parse_json(text: str | bytes) -> Any:
    """``json.loads(text)``, every way it can fail one :class:`PositionError` line
    (the command line's positions and the page's requests alike).

    Besides malformed JSON, Python's decoder refuses nesting deeper than the
    interpreter's recursion limit (``RecursionError``) and integers of more
    than 4,300 digits (a ``ValueError``); a position has neither, so both
    are bad input, never a traceback.  A key given twice in one object is
    refused too: the decoder would keep the last silently, and which of two
    declarers was meant is not for the program to guess."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except _DuplicateKey as e:
        raise PositionError(f"invalid JSON: the key {e.args[0]!r} is given twice in one object") from None
    except json.JSONDecodeError as e:
        raise PositionError(f"invalid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise PositionError("invalid JSON: nested too deeply") from None
    except UnicodeDecodeError:  # bytes that are no UTF-8 (or UTF-16/32) text
        raise PositionError("invalid JSON: not UTF-8 text") from None
    except ValueError:
        raise PositionError("invalid JSON: a number with too many digits") from None


def position_json(game: str, contract: str, deal: Sequence[Sequence[Card | str] | str | None], *,
                  declarer: int = 0, leader: int = 0, trump: int | None = None,
                  called: int | None = None, tout: bool = False, play: Sequence[Card | str] | str = (),
                  rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON object of a position (not validated: :meth:`Position.from_json` does that).
    A hand of ``None`` is hidden ("?")."""
    letters = SUIT_LETTERS[GAME_DECK[game]]
    d: dict[str, Any] = {"game": game, "contract": contract, "declarer": declarer,
                         "leader": leader,
                         "deal": [HIDDEN if h is None else h if isinstance(h, str) else " ".join(map(str, h))
                                  for h in deal],
                         "play": [str(c) for c in card_items(play)]}
    if trump is not None:
        d["trump"] = letters[trump]
    if called is not None:
        d["called"] = letters[called]
    if tout:
        d["tout"] = True
    if rules:
        d["rules"] = dict(rules)
    return d


def _suit(game: str, value: Any, what: str) -> int:
    suit = suit_of(value, GAME_DECK[game])
    if suit is None:
        letters = SUIT_LETTERS[GAME_DECK[game]]
        raise PositionError(f"unknown {what} suit {value!r} for {game} (suits: {' '.join(letters)})")
    return suit


def checked_rules(game: str, given: Any, n_seats: int | None = None) -> dict[str, Any]:
    """Every rule variant's setting for a position of ``game``: ``given``
    (key -> value) over :data:`RULE_DEFAULTS`, each key known, of ``game``,
    of the right type and in its range, and (``n_seats`` given) one that can
    matter for that many players (:data:`RULE_PLAYERS`), or a :class:`PositionError`."""
    if not isinstance(given, Mapping):
        raise PositionError("'rules' must be an object of variant settings")
    rules = dict(RULE_DEFAULTS)
    for k, v in given.items():
        if k not in RULE_DEFAULTS:
            own = [name for name in RULE_DEFAULTS if RULE_GAME[name] == game]
            known = f"{game}'s: {', '.join(own)}" if own else f"{game} has none"
            raise PositionError(f"unknown rule variant {k!r} ({known})")
        if RULE_GAME[k] != game:
            raise PositionError(f"rule variant {k!r} is a {RULE_GAME[k]} rule, not one of {game}")
        want = type(RULE_DEFAULTS[k])
        if isinstance(v, bool) != (want is bool) or not isinstance(v, want):
            kind = "true or false" if want is bool else "a whole number"
            shown = json.dumps(v) if _jsonable(v) else repr(v)  # as the position's JSON writes it
            raise PositionError(f"rule variant {k!r} must be {kind}, got {shown}")
        if k in RULE_RANGE and not RULE_RANGE[k][0] <= v <= RULE_RANGE[k][1]:
            got = f", got {v}" if abs(v) < 10**9 else ""  # str() of 4,300 digits and more fails
            raise PositionError(f"rule variant {k!r} must be {RULE_RANGE[k][0]}..{RULE_RANGE[k][1]}{got}")
        if n_seats is not None:
            _check_players(k, n_seats)
        rules[k] = v
    return rules


def _check_players(key: str, n_seats: int) -> None:
    """A :class:`PositionError` if rule variant ``key`` cannot matter for ``n_seats`` players."""
    if key in RULE_PLAYERS and n_seats not in RULE_PLAYERS[key][0]:
        raise PositionError(f"rule variant {key!r} does not apply with {n_seats} players: {RULE_PLAYERS[key][1]}")


def _name(value: Any) -> Any:
    """Game and contract names are taken in any case (``"Wenz"``, ``"SCHAFKOPF"``)."""
    return value.strip().lower() if isinstance(value, str) else value


def _seat(data: Mapping[str, Any], key: str, n: int) -> int:
    if key not in data:
        raise PositionError(f"missing {key!r} (a seat 0..{n - 1})")
    v = data[key]
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
        raise PositionError(f"{key!r} must be a seat 0..{n - 1}, got {v!r}")
    return v


def _jsonable(v: Any) -> bool:
    try:
        json.dumps(v)
    except (TypeError, ValueError):
        return False
    return True


def _parse(data: Mapping[str, Any], allow_hidden: bool) -> Position:
    known = {"game", "contract", "trump", "called", "tout", "declarer", "leader", "deal", "play", "rules"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise PositionError(f"unknown key {unknown[0]!r} in position")
    if data.get("game") is None:
        raise PositionError("missing 'game' in position")
    game = _name(data.get("game"))
    if game not in GAMES:  # before the contract: a contract is one of the game's
        raise PositionError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    if data.get("contract") is None:
        raise PositionError("missing 'contract' in position")
    contract = _name(data.get("contract"))
    if contract not in CONTRACTS[game]:
        raise PositionError(f"unknown contract {contract!r} for {game} (contracts: {', '.join(CONTRACTS[game])})")
    kind = contract_kind(game, contract)
    deck = GAME_DECK[game]

    trump = None
    if kind.needs_trump:
        if data.get("trump") is None:
            raise PositionError(f"{game} {contract} needs 'trump' (a suit letter)")
        trump = _suit(game, data["trump"], "trump")
    elif data.get("trump") is not None:
        # A redundant "trump": "H" in a sauspiel or ramsch (Herz is trump there) is harmless.
        if kind.fixed_trump is None:
            raise PositionError(f"{game} {contract} takes no 'trump'")
        if _suit(game, data["trump"], "trump") != kind.fixed_trump:
            letter = SUIT_LETTERS[deck][kind.fixed_trump]
            raise PositionError(f"{game} {contract} always has {SUIT_NAMES[deck][kind.fixed_trump]} as trump: "
                                f"leave 'trump' out, or give {letter!r}")

    tout = data.get("tout", False)
    if not isinstance(tout, bool):
        raise PositionError(f"'tout' must be true or false, got {tout!r}")
    if tout and not kind.tout_allowed:
        touts = tout_contracts(game)
        raise PositionError(f"no Tout in {game} {contract} (only {', '.join(touts)})" if touts
                            else f"no Tout in {game}")

    if not isinstance(data.get("rules", {}), (dict, type(None))):  # "rules": 0, [] or "" is a mistake, not none
        raise PositionError(f"'rules' must be an object of rule variants, got {data['rules']!r}")
    rules = checked_rules(game, data.get("rules") or {})
    if rules.get("scharwenzel_passed") and (trump != CLUBS or tout):
        # docs/rules.md "Bidding": when all pass, clubs is trump, and nobody announced a Tout
        raise PositionError("scharwenzel_passed: when everyone passes, clubs is trump and no Tout is announced"
                            + ("" if tout else f" (this position's trump is {SUIT_LETTERS[deck][trump or 0]})"))

    raw_deal = data.get("deal")
    if not isinstance(raw_deal, list) or not raw_deal:
        raise PositionError("'deal' must be a list with one string of cards per seat")
    n = len(raw_deal)
    allowed = players_of(game)
    if n not in allowed:
        raise PositionError(f"{game} is played by {either(allowed)} players, the deal has {n} hands")
    for key in data.get("rules") or {}:  # (checked above but for the players, unknown before the deal)
        _check_players(key, n)
    deal: list[tuple[Card, ...] | None] = []
    for seat, text in enumerate(raw_deal):
        if isinstance(text, str) and text.strip() == HIDDEN:
            if not allow_hidden:
                raise PositionError(f"seat {seat}'s hand is hidden ('?'): solving needs every hand "
                                    "(stichfest analyze takes hidden hands and samples them)")
            deal.append(None)
            continue
        if not isinstance(text, (str, list)):
            raise PositionError(f"hand of seat {seat} must be a string of cards")
        try:
            deal.append(tuple(_json_card(x, deck) for x in card_items(text)))
        except CardError as e:
            raise PositionError(f"seat {seat}: {e}") from None
    known_hands = [h for h in deal if h is not None]
    if not known_hands:
        raise PositionError("every hand is hidden")
    sizes = {len(h) for h in known_hands}
    if len(sizes) > 1:
        detail = ", ".join(f"seat {s}: {len(h)}" for s, h in enumerate(deal) if h is not None)
        raise PositionError(f"hands of different sizes ({detail})")
    size = sizes.pop()
    dealt = DEALINGS[(game, n)]
    if size not in dealt:
        usual, *other = dealt
        expect = f"{usual} cards each" + "".join(f" (or {k} with the short deck)" for k in other)
        raise PositionError(f"{game} with {n} players deals {expect}, got {size}")
    full = deck_cards(game, n, size)
    in_deck = set(full)
    seen: dict[Card, int] = {}
    for seat, h in enumerate(deal):
        for c in h or ():
            if c not in in_deck:
                raise PositionError(f"card {c} is not in the {deck_description(game, n, size)}")
            if c in seen:
                where = f"in seat {seat}'s hand" if seen[c] == seat else f"(seats {seen[c]} and {seat})"
                raise PositionError(f"card {c} dealt twice {where}")
            seen[c] = seat
    if None not in deal:
        missing = [c for c in full if c not in seen]
        if missing:
            raise PositionError(f"card {missing[0]} missing from the deck")

    if kind.players is not None and n not in kind.players:
        raise PositionError(f"a {game} {contract} is played by {either(kind.players)} players, "
                            f"the deal has {n} hands (Schafkopf for three has only the one-against-two "
                            "contracts: solo, wenz, geier, farbwenz, farbgeier)")
    declarer = _seat(data, "declarer", n)
    leader = _seat(data, "leader", n)

    called = None
    if kind.calls_sau:
        if data.get("called") is None:
            raise PositionError("a sauspiel needs 'called' (E, G or S: the suit of the called Sau)")
        called = _suit(game, data["called"], "called")
        dh = deal[declarer]
        problem = called_suit_problem(dh or (), called) if dh is not None or called == 2 else None
        if problem:
            raise PositionError(problem)
    elif data.get("called") is not None:
        raise PositionError(f"only a sauspiel calls a Sau ('called' given for {contract})")

    raw_play = data.get("play", [])
    if isinstance(raw_play, str):
        raw_play = card_items(raw_play)
    if not isinstance(raw_play, list):
        raise PositionError("'play' must be a list of cards")
    try:
        play = tuple(_json_card(x, deck) for x in raw_play)
    except CardError as e:
        raise PositionError(f"play: {e}") from None

    pos = Position(game, contract, declarer, leader, tuple(deal), play, trump, called, tout, rules)
    _check_play(pos)
    return pos


def _check_play(pos: Position) -> None:
    """Every card of ``pos.play`` legal where it was played, or a
    :class:`PositionError` naming the first one that is not."""
    if len(pos.play) > pos.hand_size * pos.n_seats:
        raise PositionError(f"'play' has {len(pos.play)} cards but the deal only {pos.hand_size * pos.n_seats}")
    if None in pos.deal:
        _check_hidden_play(pos)
        return
    st = pos.initial_state()
    for i, c in enumerate(pos.play):
        seat = st.to_move
        try:
            st.play(c.index)
        except IllegalPlay as e:
            raise PositionError(f"illegal card {c} by seat {seat} at play[{i}]: {e}") from None


def _json_card(item: Any, deck: str) -> Card:
    """One card of a position's JSON: text such as "EA" (or a Card)."""
    if isinstance(item, Card):
        return item
    if not isinstance(item, str):
        example = SUIT_LETTERS[deck][0] + "A"
        raise CardError(f"a card is written as text such as '{example}', not {json.dumps(item)}")
    return parse_card(item, deck)


def _check_hidden_play(pos: Position) -> None:
    """With hidden hands only what the known cards show can be checked here;
    the analysis layer replays the play against each sampled deal.

    The play is replayed with the known hands as dealt and each hidden hand
    holding just the card it plays, at the moment it plays it: every rule
    is then checked for the known seats (following, the called Sau's rules
    when its holder is known), and a hidden seat is never blamed for a
    card its unseen cards might make legal."""
    deck = set(deck_cards(pos.game, pos.n_seats, pos.hand_size))
    owner = {c: s for s, h in enumerate(pos.deal) if h is not None for c in h}
    hands = [0 if h is None else mask_of(h) for h in pos.deal]
    st = GameState(pos.table, hands, pos.leader, pos.called_sau())
    for i, c in enumerate(pos.play):
        seat = st.to_move
        if c not in deck:
            raise PositionError(f"play[{i}]: card {c} is not in the deck")
        if c in pos.play[:i]:
            raise PositionError(f"play[{i}]: card {c} is played twice")
        if owner.get(c, seat) != seat:
            raise PositionError(f"play[{i}]: card {c} is played by seat {seat} but dealt to seat {owner[c]}")
        if pos.deal[seat] is None:
            st.hands[seat] = 1 << c.index
        try:
            st.play(c.index)
        except IllegalPlay as e:
            raise PositionError(f"illegal card {c} by seat {seat} at play[{i}]: {e}") from None
