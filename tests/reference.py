"""Independent pure-Python reference rules for stichfest (the test oracle).

Written from the project's rules, docs/rules.md, only, for obviousness rather
than speed.  Section names in the docstrings refer to docs/rules.md:
  [SK]  "Schafkopf (4 players, 32 cards, 8 each; 120 card points)"
  [JA]  "Swiss Jass, Schieber (4 players in 2 teams, 36 cards, 9 each)"
  [SW]  "Scharwenzel (Fehmarn; 4, 6 or 8 players in two alternating parties)"
  [SK3] "Schafkopf for three": three seats, the 24-card deck (no 7s and 8s),
        8 cards each, only the one-against-two contracts

Public API (positions are plain dicts in the project's JSON format):
  check_position(pos) -> None       (ValueError on bad input)
  legal_moves(pos) -> list[str]     to_move(pos) -> int
  reference_solve(pos) -> dict      reference_weis(pos) -> dict
  reference_first_tricks(pos, count, seats) -> bool
  reference_scharwenzel_payout(pos) -> int
  reference_jass_net(pos) -> int
"""
from __future__ import annotations

from dataclasses import dataclass, replace

# --------------------------------------------------------------------------
# Decks and card notation (docs/rules.md, table "Card notation")
# --------------------------------------------------------------------------
SK_SUITS = ["E", "G", "H", "S"]
SK_RANKS = ["A", "10", "K", "O", "U", "9", "8", "7"]
FR_SUITS = ["C", "S", "H", "D"]
FR_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]

SCHAFKOPF_CONTRACTS = ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "ramsch")
# [SK3] "only the one-against-two contracts ... no Sauspiel, no Ramsch"
SCHAFKOPF_FOR_THREE = ("solo", "wenz", "geier", "farbwenz", "farbgeier")
KNOWN_RULE_OPTIONS = {"davonlaufen_min"}


def _deck(game: str, n: int, short: bool = False) -> list[str]:
    """The complete deck in notation order ([SK] 32 or short 24; [JA] 36; [SW] 32/36)."""
    if game == "schafkopf":
        ranks = [r for r in SK_RANKS if not (short and r in ("8", "7"))]
        return [s + r for s in SK_SUITS for r in ranks]
    if game == "jass":
        return [s + r for s in FR_SUITS for r in FR_RANKS]
    ranks = FR_RANKS if n == 6 else [r for r in FR_RANKS if r != "6"]  # [SW] 6s only with 6 players
    return [s + r for s in FR_SUITS for r in ranks]


def _canon(raw: str, game: str) -> str:
    """Canonical upper-case card; also accepts lower case and Z/X for the Schafkopf ten."""
    card = raw.strip().upper()
    if game == "schafkopf" and card[1:] in ("Z", "X"):
        card = card[0] + "10"
    return card


# --------------------------------------------------------------------------
# Card orders and points per game / contract
# --------------------------------------------------------------------------
def _schafkopf_orders(contract: str, trump: str | None) -> tuple[list[str], list[str]]:
    """[SK] contract table: (trumps high to low, plain ranks high to low)."""
    obers = ["EO", "GO", "HO", "SO"]
    unters = ["EU", "GU", "HU", "SU"]
    normal = ["A", "10", "K", "9", "8", "7"]
    with_ober = ["A", "10", "K", "O", "9", "8", "7"]   # Wenz: Ober between K and 9
    with_unter = ["A", "10", "K", "U", "9", "8", "7"]  # Geier: Unter between K and 9
    if contract in ("sauspiel", "ramsch"):
        return obers + unters + ["H" + r for r in normal], normal
    if contract == "solo":
        return obers + unters + [trump + r for r in normal], normal
    if contract == "wenz":
        return unters, with_ober
    if contract == "geier":
        return obers, with_unter
    if contract == "farbwenz":
        return unters + [trump + r for r in with_ober], with_ober
    if contract == "farbgeier":
        return obers + [trump + r for r in with_unter], with_unter
    raise ValueError(f"unknown schafkopf contract {contract!r}")


def _jass_orders(contract: str, trump: str | None) -> tuple[list[str], list[str]]:
    """[JA] mode table: trump J 9 A K Q 10 8 7 6; plain/obenabe A..6; undeufe 6..A."""
    plain = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
    if contract == "trump":
        return [trump + r for r in ["J", "9", "A", "K", "Q", "10", "8", "7", "6"]], plain
    if contract == "obenabe":
        return [], plain
    if contract == "undeufe":
        return [], list(reversed(plain))
    raise ValueError(f"unknown jass contract {contract!r}")


def _scharwenzel_orders(trump: str) -> tuple[list[str], list[str]]:
    """[SW]: Olsch CQ, Nillje (trump 7), Basta SQ, CJ SJ HJ DJ, trump A K (Q if H/D) 10 9 8 (6).

    Plain ranks A K Q 10 9 8 7 (6); the clubs/spades Queens and all Jacks are
    trumps and get filtered out of the plain suits by the caller.
    """
    rest = ["A", "K"] + (["Q"] if trump in ("H", "D") else []) + ["10", "9", "8", "6"]
    trumps = ["CQ", trump + "7", "SQ", "CJ", "SJ", "HJ", "DJ"] + [trump + r for r in rest]
    return trumps, ["A", "K", "Q", "10", "9", "8", "7", "6"]


def _points(game: str, contract: str, card: str, is_trump: bool) -> int:
    """Card points: [SK] A11 10:10 K4 O3 U2; [JA] mode table; [SW] tricks only (0)."""
    rank = card[1:]
    if game == "schafkopf":
        return {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2}.get(rank, 0)
    if game == "scharwenzel":
        return 0
    if contract == "undeufe":
        return {"6": 11, "10": 10, "8": 8, "K": 4, "Q": 3, "J": 2}.get(rank, 0)
    if contract == "obenabe":
        return {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "8": 8}.get(rank, 0)
    if is_trump:
        return {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "10": 10}.get(rank, 0)
    return {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}.get(rank, 0)


# --------------------------------------------------------------------------
# Game description and play state
# --------------------------------------------------------------------------
@dataclass(frozen=True)
class State:
    """Everything that determines the rest of the hand (hashable, used as memo key)."""
    hands: tuple[tuple[str, ...], ...]
    trick: tuple[str, ...]            # cards of the unfinished trick, in play order
    leader: int                       # seat that led (or will lead) the current trick
    points: tuple[int, ...]           # card points won per seat
    tricks: tuple[int, ...]           # tricks won per seat
    last_winner: int | None           # winner of the most recent completed trick
    called_led: bool                  # [SK] Sauspiel: called suit led in a completed trick


class Game:
    """Static description of one position: deck, orders, parties, variants."""

    def __init__(self, pos: dict) -> None:
        self.game: str = pos["game"]
        self.contract: str = pos["contract"]
        self.tout: bool = bool(pos.get("tout", False))
        self.trump: str | None = pos.get("trump")
        self.called: str | None = pos.get("called")
        self.declarer: int = int(pos["declarer"])
        self.leader: int = int(pos["leader"])
        rules = dict(pos.get("rules") or {})
        unknown = set(rules) - KNOWN_RULE_OPTIONS
        if unknown:
            raise ValueError(f"reference does not implement rules options {sorted(unknown)}")
        self.rules = rules
        self.davonlaufen_min: int = int(rules.get("davonlaufen_min", 4))
        self.n: int = len(pos["deal"])
        self.deal = [[_canon(c, self.game) for c in hand.split()] for hand in pos["deal"]]
        self._check_and_build()

    def _check_and_build(self) -> None:
        game, contract, trump, n = self.game, self.contract, self.trump, self.n
        if game == "schafkopf":
            if n not in (3, 4) or contract not in SCHAFKOPF_CONTRACTS:
                raise ValueError("schafkopf needs 4 seats (or 3) and a known contract")
            if n == 3 and "davonlaufen_min" in self.rules:
                # docs/rules.md: no Sauspiel for three, so the Sauspiel's davonlaufen variant cannot matter
                raise ValueError("davonlaufen_min does not apply with 3 players: there is no Sauspiel")
            if n == 3 and contract not in SCHAFKOPF_FOR_THREE:
                raise ValueError(f"[SK3] Schafkopf for three has no {contract} (only {SCHAFKOPF_FOR_THREE})")
            if contract in ("solo", "farbwenz", "farbgeier") and trump not in SK_SUITS:
                raise ValueError(f"{contract} needs a trump suit in {SK_SUITS}")
            if self.tout and contract in ("sauspiel", "ramsch"):
                raise ValueError("tout exists only for solo/wenz/geier/farbwenz/farbgeier")
            short = sum(len(h) for h in self.deal) == 24  # [SK3] always: 3 x 8, no 7s and 8s
            deck = _deck(game, n, short)
            trumps, plain_ranks = _schafkopf_orders(contract, trump)
        elif game == "jass":
            if n != 4 or (contract == "trump" and trump not in FR_SUITS) or self.tout:
                raise ValueError("jass needs 4 seats, a trump suit for 'trump', no tout")
            deck = _deck(game, n)
            trumps, plain_ranks = _jass_orders(contract, trump)
        elif game == "scharwenzel":
            if n not in (4, 6, 8) or contract != "trump" or trump not in FR_SUITS:
                raise ValueError("scharwenzel needs 4/6/8 seats, contract 'trump', a trump suit")
            deck = _deck(game, n)
            trumps, plain_ranks = _scharwenzel_orders(trump)
        else:
            raise ValueError(f"unknown game {game!r}")
        if not (0 <= self.declarer < n and 0 <= self.leader < n):
            raise ValueError("declarer/leader out of range")
        dealt = [c for hand in self.deal for c in hand]
        if sorted(dealt) != sorted(deck) or len({len(h) for h in self.deal}) != 1:
            raise ValueError("deal must be the complete deck in equal hands")

        self.deck: list[str] = deck
        self.order = {c: i for i, c in enumerate(deck)}            # for sorting output only
        self.trumps: list[str] = [c for c in trumps if c in self.order]  # short deck drops 8/7
        self.trump_index = {c: i for i, c in enumerate(self.trumps)}  # 0 = highest trump
        self.plain_index: dict[str, int] = {}                       # 0 = highest of its suit
        for suit in {c[0] for c in deck}:
            cards = [suit + r for r in plain_ranks if suit + r in self.order and suit + r not in self.trump_index]
            self.plain_index.update({c: i for i, c in enumerate(cards)})
        # Sanity: every card is exactly one of trump / plain.
        assert len(self.trumps) == len(set(self.trumps))
        assert set(self.trump_index) | set(self.plain_index) == set(deck)
        assert not set(self.trump_index) & set(self.plain_index)
        self.card_points = {c: _points(game, contract, c, c in self.trump_index) for c in deck}

        # Parties.
        self.sau: str | None = None
        self.holder: int | None = None
        if game == "schafkopf" and contract == "sauspiel":
            called = self.called
            if called not in ("E", "G", "S"):
                raise ValueError("sauspiel needs 'called' in E, G, S")
            self.sau = called + "A"
            self.holder = next(s for s in range(n) if self.sau in self.deal[s])
            if self.holder == self.declarer:
                raise ValueError("[SK] the declarer must not hold the called Sau")
            if not any(c[0] == called and not self.is_trump(c) for c in self.deal[self.declarer]):
                raise ValueError("[SK] the declarer must hold a non-trump card of the called suit")

    # ---- card classification -------------------------------------------
    def is_trump(self, card: str) -> bool:
        return card in self.trump_index

    def follow_suit(self, card: str) -> str:
        """Trump counts as one suit ([SK], [SW]); otherwise the printed suit."""
        return "trump" if self.is_trump(card) else card[0]

    def trick_winner_index(self, trick: tuple[str, ...]) -> int:
        """Index in `trick` of the winner: highest trump, else highest card of the led suit."""
        led = self.follow_suit(trick[0])

        def strength(card: str) -> tuple[int, int]:
            if self.is_trump(card):
                return (2, -self.trump_index[card])
            if card[0] == led and led != "trump":
                return (1, -self.plain_index[card])
            return (0, 0)

        return max(range(len(trick)), key=lambda i: strength(trick[i]))

    # ---- state handling -------------------------------------------------
    def initial_state(self) -> State:
        def sort(cards: list[str]) -> tuple[str, ...]:
            return tuple(sorted(cards, key=self.order.__getitem__))

        return State(tuple(sort(h) for h in self.deal), (), self.leader,
                     (0,) * self.n, (0,) * self.n, None, False)

    def to_move(self, state: State) -> int:
        return (state.leader + len(state.trick)) % self.n

    def is_over(self, state: State) -> bool:
        return not state.trick and all(not h for h in state.hands)

    def play(self, state: State, card: str) -> State:
        """Play `card` for the seat to move; close the trick when it is complete."""
        seat = self.to_move(state)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick = state.trick + (card,)
        if len(trick) < self.n:
            return replace(state, hands=tuple(hands), trick=trick)
        winner = (state.leader + self.trick_winner_index(trick)) % self.n
        points = list(state.points)
        points[winner] += sum(self.card_points[c] for c in trick)
        tricks = list(state.tricks)
        tricks[winner] += 1
        called_led = state.called_led or (
            self.sau is not None and not self.is_trump(trick[0]) and trick[0][0] == self.called)
        return State(tuple(hands), (), winner, tuple(points), tuple(tricks), winner, called_led)

    # ---- legal moves ----------------------------------------------------
    def legal(self, state: State) -> list[str]:
        seat = self.to_move(state)
        hand = list(state.hands[seat])
        if self.game == "jass" and self.contract == "trump":
            return self._legal_jass_trump(hand, state.trick)
        if self.sau is not None and seat == self.holder and not state.called_led:
            return self._legal_sau_holder(hand, state.trick)
        return self._legal_follow(hand, state.trick)

    def _legal_follow(self, hand: list[str], trick: tuple[str, ...]) -> list[str]:
        """Plain rule ([SK], [SW], [JA] obenabe/undeufe): follow the led suit if able, else any."""
        if not trick:
            return hand
        same = [c for c in hand if self.follow_suit(c) == self.follow_suit(trick[0])]
        return same or hand

    def _legal_sau_holder(self, hand: list[str], trick: tuple[str, ...]) -> list[str]:
        """[SK] Sauspiel rules 1-3 for the holder of the called Sau before the called suit was led."""
        called_cards = [c for c in hand if c[0] == self.called and not self.is_trump(c)]
        if not trick:
            # Rule 2: lead the called suit only with the Sau, unless >= davonlaufen_min cards.
            if len(called_cards) >= self.davonlaufen_min:
                return hand
            return [c for c in hand if c not in called_cards or c == self.sau]
        led = trick[0]
        if not self.is_trump(led) and led[0] == self.called:
            return [self.sau]  # Rule 1: called suit led -> must play the Sau
        moves = self._legal_follow(hand, trick)
        if len(hand) > 1:
            moves = [c for c in moves if c != self.sau]  # Rule 3: no discarding the Sau
        return moves

    def _legal_jass_trump(self, hand: list[str], trick: tuple[str, ...]) -> list[str]:
        """[JA] trump games: follow or trump; no undertrumping; Buur never forced."""
        if not trick:
            return hand
        trumps_in_hand = [c for c in hand if self.is_trump(c)]
        if self.is_trump(trick[0]):
            # Trump led: must play trump, but holding only the Buur you may play anything.
            if trumps_in_hand and trumps_in_hand != [self.trump + "J"]:
                return trumps_in_hand
            return hand
        same = [c for c in hand if c[0] == trick[0][0] and not self.is_trump(c)]
        moves = same + trumps_in_hand if same else hand
        played_trumps = [self.trump_index[c] for c in trick if self.is_trump(c)]
        if played_trumps and len(trumps_in_hand) < len(hand):
            best_so_far = min(played_trumps)  # smallest index = highest trump
            moves = [c for c in moves if not (self.is_trump(c) and self.trump_index[c] > best_so_far)]
        return moves

    # ---- scoring --------------------------------------------------------
    def maximises(self, seat: int) -> bool:
        """Which side the seat is on (True = wants `value` high)."""
        if self.game == "schafkopf":
            if self.contract == "ramsch":
                return seat != self.declarer
            return seat in self.declaring_seats()
        return seat % 2 == self.declarer % 2

    def declaring_seats(self) -> set[int]:
        """[SK] declarer (+ Sau holder in a sauspiel; alone in tout/ramsch); [JA]/[SW] same parity."""
        if self.game == "schafkopf":
            if self.tout or self.contract == "ramsch":
                return {self.declarer}
            return {self.declarer} | ({self.holder} if self.holder is not None else set())
        return {s for s in range(self.n) if s % 2 == self.declarer % 2}

    def final_value(self, state: State) -> int:
        """`value` of a finished hand (see module users' spec)."""
        party = self.declaring_seats()
        if self.game == "schafkopf":
            if self.tout:
                return state.tricks[self.declarer]
            return sum(state.points[s] for s in party)  # ramsch: party == {declarer}
        if self.game == "jass":
            value = sum(state.points[s] for s in party)
            value += 5 if state.last_winner in party else 0            # last trick +5
            value += 100 if sum(state.tricks[s] for s in party) == 9 else 0  # match
            return value
        return sum(state.tricks[s] for s in party)  # scharwenzel: tricks


def _game_and_state(pos: dict) -> tuple[Game, State]:
    """Build the game and replay pos["play"], checking every card is legal."""
    game = Game(pos)
    state = game.initial_state()
    for i, raw in enumerate(pos.get("play") or []):
        card = _canon(raw, game.game)
        if game.is_over(state):
            raise ValueError(f"play[{i}] {card}: the hand is already over")
        if card not in game.legal(state):
            raise ValueError(f"play[{i}] {card} is not legal for seat {game.to_move(state)}")
        state = game.play(state, card)
    return game, state


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------
def to_move(pos: dict) -> int:
    """Seat to play next after replaying pos["play"]; ValueError if the hand is over."""
    game, state = _game_and_state(pos)
    if game.is_over(state):
        raise ValueError("the hand is over")
    return game.to_move(state)


def check_position(pos: dict) -> None:
    """Validate the position and replay pos["play"]; ValueError on bad input."""
    _game_and_state(pos)


def legal_moves(pos: dict) -> list[str]:
    """Legal cards (canonical, deck order) of the seat to move; ValueError if the hand is over."""
    game, state = _game_and_state(pos)
    if game.is_over(state):
        raise ValueError("the hand is over")
    return game.legal(state)


def reference_solve(pos: dict) -> dict:
    """Plain exhaustive minimax with a memo keyed by the full State.

    Returns {"value", "moves": {card: value}, "to_move"}; on a finished hand
    "moves" is {} and "to_move" is None.
    """
    game, state = _game_and_state(pos)
    memo: dict[State, int] = {}

    def search(s: State) -> int:
        if game.is_over(s):
            return game.final_value(s)
        if s not in memo:
            values = [search(game.play(s, c)) for c in game.legal(s)]
            memo[s] = max(values) if game.maximises(game.to_move(s)) else min(values)
        return memo[s]

    if game.is_over(state):
        return {"value": game.final_value(state), "moves": {}, "to_move": None}
    moves = {c: search(game.play(state, c)) for c in game.legal(state)}
    seat = game.to_move(state)
    value = max(moves.values()) if game.maximises(seat) else min(moves.values())
    return {"value": value, "moves": moves, "to_move": seat}


def reference_first_tricks(pos: dict, count: int, seats: set[int]) -> bool:
    """[SW] "für die ersten": can ``seats`` force winning every one of the
    hand's first ``count`` tricks (tricks already played included)?

    Plain exhaustive AND/OR search: a seat of ``seats`` needs one card that
    keeps the run, any other seat breaks it with one card.  The run is
    alive while ``seats`` own every completed trick."""
    game = Game(pos)
    state = game.initial_state()

    def alive(s: State) -> bool:
        done = sum(s.tricks)
        return sum(s.tricks[x] for x in seats) == done

    for raw in pos.get("play") or []:
        state = game.play(state, _canon(raw, game.game))
        if sum(state.tricks) <= count and not alive(state):
            return False
    if sum(state.tricks) >= count:
        return True

    def search(s: State) -> bool:
        if not alive(s):
            return False
        if sum(s.tricks) == count:
            return True
        results = (search(game.play(s, c)) for c in game.legal(s))
        return any(results) if game.to_move(s) in seats else all(results)

    return search(state)


def reference_scharwenzel_payout(pos: dict) -> int:
    """[SW] scoring defaults: the declaring party's game points (negative: the
    other party's) when both parties play for them, double dummy.

    The majority scores the game (2; 4 with clubs trump, unless everyone
    passed: rule "scharwenzel_passed"), its Matadoren
    (the unbroken run of the seven top trumps from the Olsch, counted from
    3 on) and 2 "für die ersten" when it took the first majority-number of
    tricks in a row; every trick: the game and a Haken (24) only; equal
    tricks (Bock): 0.  An announced Tout ("tout": true): every trick scores
    the game and two Haken, anything less 4 to the other party."""
    game = Game(pos)
    if game.game != "scharwenzel":
        raise ValueError("scharwenzel scoring only")
    n_tricks = len(game.deal[0])
    need = n_tricks // 2 + 1
    party = game.declaring_seats()
    others = set(range(game.n)) - party
    tops = ["CQ", game.trump + "7", "SQ", "CJ", "SJ", "HJ", "DJ"]

    def matadoren(seats: set[int]) -> int:
        held = {c for s in seats for c in game.deal[s]}
        run = 0
        while run < len(tops) and tops[run] in held:
            run += 1
        return run if run >= 3 else 0

    def first_after(s: State, first: int | None) -> int | None:
        """+1/-1: that party took the first ``need`` tricks; 0: neither; None: open."""
        if first is not None:
            return first
        done, ours = sum(s.tricks), sum(s.tricks[x] for x in party)
        if 0 < ours < done:
            return 0
        if done < need:
            return None
        return 1 if ours == done else -1

    def payout(s: State, first: int | None) -> int:
        ours = sum(s.tricks[x] for x in party)
        # clubs won the bidding: 4; clubs only because everyone passed ("scharwenzel_passed"): 2
        base = 4 if game.trump == "C" and not (pos.get("rules") or {}).get("scharwenzel_passed") else 2
        if pos.get("tout"):  # announced: the game and two Haken, or 4 to the others
            return base + 2 * 24 if ours == n_tricks else -4
        if ours in (0, n_tricks):
            score = base + 24
        elif 2 * ours == n_tricks:
            return 0
        else:
            won = 2 * ours > n_tricks
            score = base + matadoren(party if won else others) + (2 if first == (1 if won else -1) else 0)
        return score if 2 * ours > n_tricks else -score

    state = game.initial_state()
    first: int | None = None
    for raw in pos.get("play") or []:
        state = game.play(state, _canon(raw, game.game))
        first = first_after(state, first)
    memo: dict[tuple[State, int | None], int] = {}

    def search(s: State, f: int | None) -> int:
        if game.is_over(s):
            return payout(s, f)
        if (s, f) not in memo:
            values = []
            for c in game.legal(s):
                after = game.play(s, c)
                values.append(search(after, first_after(after, f)))
            memo[(s, f)] = max(values) if game.to_move(s) in party else min(values)
        return memo[(s, f)]

    return search(state, first)


def reference_jass_net(pos: dict) -> int:
    """[JA] the declaring team's total minus the other team's (card points,
    +5 last trick, +100 match each; no Weis or Stöck), both teams playing
    for that difference, double dummy.  A team that took no trick gives the
    other its match, even if it could have taken a trick of 0 points."""
    game, state = _game_and_state(pos)
    if game.game != "jass":
        raise ValueError("jass only")
    party = game.declaring_seats()
    memo: dict[State, int] = {}

    def total(s: State, seats: set[int]) -> int:
        won = sum(s.points[x] for x in seats) + (5 if s.last_winner in seats else 0)
        return won + (100 if sum(s.tricks[x] for x in seats) == 9 else 0)

    def search(s: State) -> int:
        if game.is_over(s):
            return total(s, party) - total(s, set(range(game.n)) - party)
        if s not in memo:
            values = [search(game.play(s, c)) for c in game.legal(s)]
            memo[s] = max(values) if game.maximises(game.to_move(s)) else min(values)
        return memo[s]

    return search(state)


# --------------------------------------------------------------------------
# Weis and Stöck ([JA])
# --------------------------------------------------------------------------
NATURAL = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}


def _weis_of_hand(hand: list[str]) -> list[tuple[int, str, int, int, str | None]]:
    """All Weis of one hand as (points, kind, lowest, highest natural index, suit).

    [JA] maximal runs of >= 3 in natural order 6..A count once at their
    length; four of a kind 100 (9s 150, Jacks 200). Kreuzweis allowed.
    """
    found = []
    for suit in FR_SUITS:
        held = [suit + r in hand for r in NATURAL]
        start = 0
        while start < len(NATURAL):
            end = start
            while end < len(NATURAL) and held[end]:
                end += 1
            if end - start >= 3:
                found.append((SEQUENCE_POINTS[end - start], "sequence", start, end - 1, suit))
            start = end + 1
    for i, rank in enumerate(NATURAL):
        if all(s + rank in hand for s in FR_SUITS):
            found.append(({"9": 150, "J": 200}.get(rank, 100), "four", i, i, None))
    return found


def reference_weis(pos: dict) -> dict:
    """[JA] Weis (only the team with the best single Weis writes, all of its Weis) and Stöck.

    Best single Weis: more points; then sequence over four of a kind; then the
    higher top card (undeufe: the lower bottom card); then the one in the trump
    suit; then the seat first in playing order from the leader.
    """
    if pos["game"] != "jass":
        raise ValueError("Weis exist only in jass")
    game = Game(pos)
    trump = game.trump if game.contract == "trump" else None
    weis = [0, 0]
    best = None
    for seat, hand in enumerate(game.deal):
        for w in _weis_of_hand(hand):
            points, kind, low, high, suit = w
            weis[seat % 2] += points
            key = (points,
                   1 if kind == "sequence" else 0,
                   -low if game.contract == "undeufe" else high,
                   1 if (suit is not None and suit == trump) else 0,
                   -((seat - game.leader) % game.n))
            if best is None or key > best[0]:
                best = (key, seat % 2)
    if best is not None:
        weis[1 - best[1]] = 0  # only the team with the best single Weis writes
    stoeck = [0, 0]
    if trump is not None:
        for seat, hand in enumerate(game.deal):
            if trump + "K" in hand and trump + "Q" in hand:
                stoeck[seat % 2] += 20
    return {"weis": weis, "stoeck": stoeck}
