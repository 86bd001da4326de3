"""The hand-worked rule cases of ``rulecases.py`` against both implementations.

Every test runs once per implementation (the ``impl`` fixture of conftest.py:
the stichfest solver and the reference oracle tests/reference.py) and once per
case; the case id names the rule of docs/rules.md it checks ([SK] Schafkopf,
[JA] Swiss Jass / Schieber, [SW] Scharwenzel, RULES "Card notation").
"""
from __future__ import annotations

import itertools

import pytest
from rulebook import FR36, ORDER_CASES, order_position
from rulecases import (
    ACCEPT,
    DECKS,
    LEGAL,
    ORDERS,
    PARTIES,
    POINTS,
    REJECT,
    SOLVED,
    TRICKS,
    TURNS,
    WEIS,
    WEIS_DEALS,
    ids,
)


# ---------------------------------------------------------------------------
# Card orders (trumps and plain suits) for every contract
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", ORDERS)
def test_trump_order(impl, case):
    """[SK] contract table / [JA] mode table / [SW] trumps: the full trump order, high to low."""
    trumps, _ = impl.orders(order_position(case))
    assert trumps == ORDER_CASES[case][5]


@pytest.mark.parametrize("case", ORDERS)
def test_plain_order(impl, case):
    """[SK]/[JA]/[SW] plain suits, high to low (Wenz: Ober between König and Neun; Geier:
    Unter likewise; SW: 10 below K)."""
    _, plain = impl.orders(order_position(case))
    expected = ORDER_CASES[case][6]
    assert set(plain) == set(expected)
    for suit, cards in expected.items():
        assert plain[suit] == cards, suit


@pytest.mark.parametrize("case", ORDERS)
def test_orders_partition_the_deck(impl, case):
    """Test-data sanity against the implementation's deck: each card is exactly one trump
    or one plain card."""
    _, _, _, _, _, trumps, plain = ORDER_CASES[case]
    listed = trumps + [c for cards in plain.values() for c in cards]
    assert sorted(listed) == sorted(impl.deck(order_position(case)))


@pytest.mark.parametrize("case", ORDERS)
def test_trick_winner_follows_the_orders(impl, case):
    """[SK]/[JA]/[SW]: highest trump wins, else the highest card of the led suit; a card of
    another plain suit never wins."""
    _, _, _, _, _, trumps, plain = ORDER_CASES[case]
    p = order_position(case)

    def win(*cards):
        return impl.trick_winner(p, list(cards))

    for i, j in itertools.combinations(range(len(trumps)), 2):
        hi, lo = trumps[i], trumps[j]
        assert win(lo, hi) == 1, (lo, hi)
        assert win(hi, lo) == 0, (hi, lo)
    for suit, cards in plain.items():
        for i, j in itertools.combinations(range(len(cards)), 2):
            hi, lo = cards[i], cards[j]
            assert win(lo, hi) == 1, (lo, hi)
            assert win(hi, lo) == 0, (hi, lo)
        if trumps:
            assert win(cards[0], trumps[-1]) == 1      # the lowest trump beats the plain Ace
        for other, other_cards in plain.items():
            if other != suit:
                assert win(cards[-1], other_cards[0]) == 0


@pytest.mark.parametrize("case", TRICKS, ids=ids(TRICKS))
def test_trick_winner(impl, case):
    """The winning card of a (partial) trick, as the case id's rule says."""
    assert impl.trick_winner(case.position, list(case.cards)) == case.winner


# ---------------------------------------------------------------------------
# Card points
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", POINTS, ids=ids(POINTS))
def test_card_points(impl, case):
    """[SK] "Points" / [JA] mode table: the card points, and their sum over the deck."""
    points = impl.card_points(case.position)
    if case.whole_deck:
        assert set(points) == set(case.points)
    for card, value in case.points.items():
        assert points[card] == value, card
    assert sum(points.values()) == case.total


# ---------------------------------------------------------------------------
# Play: legal cards, the seat to move
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", LEGAL, ids=ids(LEGAL))
def test_legal_cards(impl, case):
    """The legal cards of the seat to move, as the case id's rule says."""
    if case.to_move is not None:
        assert impl.to_move(case.position) == case.to_move
    assert impl.legal(case.position) == case.legal


@pytest.mark.parametrize("case", TURNS, ids=ids(TURNS))
def test_seat_to_move(impl, case):
    """Seats play in order; "the trick winner leads next"."""
    assert impl.to_move(case.position) == case.to_move


# ---------------------------------------------------------------------------
# Solved positions
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", SOLVED, ids=ids(SOLVED))
def test_solved_value(impl, case):
    """The exact value (and each legal card's value) of a hand-worked position."""
    got = impl.solve(case.position)
    assert got.value == case.value
    if case.finished:
        assert (got.moves, got.to_move) == ({}, None)
    if case.moves is not None:
        assert got.moves == case.moves
    if case.to_move is not None:
        assert got.to_move == case.to_move


# ---------------------------------------------------------------------------
# Parties, decks
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", PARTIES, ids=ids(PARTIES))
def test_declaring_party(impl, case):
    """The seats whose result ``value`` reports."""
    assert impl.declaring_party(case.position) == case.party


@pytest.mark.parametrize("case", DECKS, ids=ids(DECKS))
def test_deck_and_hand_size(impl, case):
    """The deck in play for the game and seat count, and the hand size."""
    assert sorted(impl.deck(case.position)) == sorted(case.deck)
    hands = impl.hands(case.position)
    assert len(hands) == len(case.position["deal"])
    assert {len(h) for h in hands} == {case.hand_size}
    assert sorted(c for h in hands for c in h) == sorted(case.deck)


# ---------------------------------------------------------------------------
# Weis and Stöck [JA] "Weis"
# ---------------------------------------------------------------------------
def test_weis_test_deals_are_complete():
    """Test-data sanity: every Weis deal is the 36-card deck, 9 each."""
    for deal in WEIS_DEALS:
        cards = " ".join(deal).split()
        assert sorted(cards) == sorted(FR36) and all(len(h.split()) == 9 for h in deal)


@pytest.mark.parametrize("case", WEIS, ids=ids(WEIS))
def test_weis_and_stoeck(impl, case):
    """[JA] Weis per team (only the team with the best single Weis writes) and Stöck."""
    weis, stoeck = impl.weis(case.position)
    assert weis == case.weis
    if case.stoeck is not None:
        assert stoeck == case.stoeck


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", REJECT, ids=ids(REJECT))
def test_bad_position_is_rejected(impl, case):
    """Validation: the position is refused, naming the offending seat and card where given."""
    with pytest.raises(impl.error) as info:
        impl.check(case.position)
    for name in case.names:
        assert name in str(info.value)


@pytest.mark.parametrize("case", ACCEPT, ids=ids(ACCEPT))
def test_good_position_is_accepted(impl, case):
    """Validation: a valid position (the base of the bad-input cases, known variants) passes."""
    impl.check(case.position)
