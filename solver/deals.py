"""Random deals and positions (for benchmarks, tests, puzzles and sampling)."""
from __future__ import annotations

import random
from typing import Any

from .cards import DEALINGS, Card, deck_cards
from .contracts import CONTRACTS, NEEDS_TRUMP, callable_suits, contract_kind
from .position import Position, position_json

__all__ = ["callable_suits", "deck", "position_json", "random_contract", "random_deal",
           "random_position"]


def deck(game: str, n_seats: int = 4, short: bool = False) -> list[Card]:
    """The cards dealt in ``game`` for ``n_seats`` players (``short``: Kurze Karte,
    the dealing with the smaller hands)."""
    sizes = sorted(DEALINGS[(game, n_seats)], reverse=True)
    return deck_cards(game, n_seats, sizes[-1] if short else sizes[0])


def random_deal(rng: random.Random, game: str, n_seats: int = 4,
                short: bool = False) -> list[tuple[Card, ...]]:
    """A uniformly random deal: one tuple of cards per seat, each sorted."""
    cards = deck(game, n_seats, short)
    rng.shuffle(cards)
    size = len(cards) // n_seats
    return [tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(n_seats)]


def random_contract(rng: random.Random, game: str, n_seats: int = 4) -> tuple[str, int | None]:
    """A random contract of ``game`` played by ``n_seats`` (Schafkopf for three:
    no Sauspiel, no Ramsch), with a random trump where it names one."""
    kinds = [contract_kind(game, c) for c in CONTRACTS[game]]
    contract = rng.choice([k.name for k in kinds if k.players is None or n_seats in k.players])
    trump = rng.randrange(4) if (game, contract) in NEEDS_TRUMP else None
    return contract, trump


def random_position(rng: random.Random, game: str, contract: str | None = None, *,
                    n_seats: int = 4, short: bool = False, tout: bool | None = None,
                    played: int = 0, rules: dict[str, Any] | None = None) -> Position:
    """A random legal position: random deal, declarer and leader, then ``played``
    random legal cards.  Sauspiel deals are redrawn until the declarer can call."""
    while True:
        deal = random_deal(rng, game, n_seats, short)
        c, trump = (contract, None) if contract else random_contract(rng, game, n_seats)
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
