"""Random deals and positions (for benchmarks, tests, puzzles and sampling)."""
from __future__ import annotations

import random
from typing import Any

from .cards import GAME_DECK, SUIT_LETTERS
from .contracts import CONTRACTS, NEEDS_TRUMP
from .position import Position, _deck_cards


def deck(game: str, n_seats: int = 4, short: bool = False):
    """The cards dealt in ``game`` for ``n_seats`` players (``short``: Kurze Karte)."""
    hand_size = {("schafkopf", 4): 6 if short else 8, ("jass", 4): 9, ("scharwenzel", 4): 8,
                 ("scharwenzel", 6): 6, ("scharwenzel", 8): 4}[(game, n_seats)]
    return _deck_cards(game, n_seats, hand_size)


def random_deal(rng: random.Random, game: str, n_seats: int = 4, short: bool = False):
    """A uniformly random deal: one tuple of cards per seat, each sorted."""
    cards = deck(game, n_seats, short)
    rng.shuffle(cards)
    size = len(cards) // n_seats
    return [tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(n_seats)]


def position_json(game: str, contract: str, deal, *, declarer: int = 0, leader: int = 0,
                  trump: int | None = None, called: int | None = None, tout: bool = False,
                  play=(), rules: dict | None = None) -> dict[str, Any]:
    letters = SUIT_LETTERS[GAME_DECK[game]]
    d: dict[str, Any] = {"game": game, "contract": contract, "declarer": declarer,
                         "leader": leader, "deal": [" ".join(map(str, h)) for h in deal],
                         "play": [str(c) for c in play]}
    if trump is not None:
        d["trump"] = letters[trump]
    if called is not None:
        d["called"] = letters[called]
    if tout:
        d["tout"] = True
    if rules:
        d["rules"] = rules
    return d


def random_contract(rng: random.Random, game: str) -> tuple[str, int | None]:
    contract = rng.choice(CONTRACTS[game])
    trump = rng.randrange(4) if (game, contract) in NEEDS_TRUMP else None
    return contract, trump


def callable_suits(hand) -> list[int]:
    """Suits whose Sau a Sauspiel declarer with ``hand`` may call (RULES.md Sauspiel)."""
    names = {str(c) for c in hand}
    out = []
    for suit, letter in zip((0, 1, 3), "EGS"):
        if letter + "A" in names:
            continue
        if any(letter + r in names for r in ("10", "K", "9", "8", "7")):
            out.append(suit)
    return out


def random_position(rng: random.Random, game: str, contract: str | None = None, *,
                    n_seats: int = 4, short: bool = False, tout: bool | None = None,
                    played: int = 0, rules: dict | None = None) -> Position:
    """A random legal position: random deal, declarer and leader, then ``played``
    random legal cards.  Sauspiel deals are redrawn until the declarer can call."""
    while True:
        deal = random_deal(rng, game, n_seats, short)
        c, trump = (contract, None) if contract else random_contract(rng, game)
        if (game, c) in NEEDS_TRUMP:
            trump = rng.randrange(4)
        declarer = rng.randrange(n_seats)
        called = None
        if c == "sauspiel":
            suits = callable_suits(deal[declarer])
            if not suits:
                continue
            called = rng.choice(suits)
        is_tout = bool(tout) if tout is not None else False
        pos = Position.from_json(position_json(game, c, deal, declarer=declarer,
                                               leader=rng.randrange(n_seats), trump=trump,
                                               called=called, tout=is_tout, rules=rules))
        st = pos.state()
        play = []
        for _ in range(played):
            legal = st.legal_cards()
            if not legal:
                break
            card = rng.choice(legal)
            st.play(card.index)
            play.append(card)
        return pos.with_play(tuple(play))
