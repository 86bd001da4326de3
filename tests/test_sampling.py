"""Sampling the unseen cards: exact counts, uniformity, knowledge respected."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from stichfest import Position, PositionError
from stichfest.analysis.errors import InputError
from stichfest.analysis.sampling import Constraints, DealSampler, played_cards, sample_rng
from stichfest.cards import GERMAN, Card, card, parse_cards
from stichfest.deals import random_position


def cards(text: str) -> list[Card]:
    return parse_cards(text, GERMAN)


def brute_force_deals(pool, n_seats, hand_size, fixed, forbidden):
    """Every deal of ``pool`` (the unseen cards) into the free slots, by enumeration."""
    slots = [hand_size - len(f) for f in fixed]
    out = []

    def go(seat, left, hands):
        if seat == n_seats:
            if not left:
                out.append(tuple(tuple(sorted(set(fixed[s]) | set(hands[s]))) for s in range(n_seats)))
            return
        for pick in itertools.combinations(left, slots[seat]):
            if any(c in forbidden[seat] for c in pick):
                continue
            go(seat + 1, [c for c in left if c not in pick], hands + [pick])

    go(0, sorted(pool), [])
    return out


SMALL_DECK = cards("EA E10 EK EO GA G10 GK GO HA H10 HK HO")


def small_sampler(**kw):
    fixed = [cards("EA E10 EK"), [], cards("GA"), []]
    forbidden = [set(), set(cards("HA H10 HK HO")), set(), set(cards("GO"))]
    return DealSampler(SMALL_DECK, 4, 3, fixed, forbidden, **kw), fixed, forbidden


def test_count_matches_enumeration():
    sampler, fixed, forbidden = small_sampler()
    unseen = [c for c in SMALL_DECK if not any(c in f for f in fixed)]
    assert sampler.count() == len(brute_force_deals(unseen, 4, 3, fixed, forbidden))


def test_samples_are_uniform_over_consistent_deals():
    sampler, fixed, forbidden = small_sampler()
    unseen = [c for c in SMALL_DECK if not any(c in f for f in fixed)]
    every = set(brute_force_deals(unseen, 4, 3, fixed, forbidden))
    draws = 40 * len(every)
    freq = Counter(sampler.sample(7, i) for i in range(draws))
    assert set(freq) <= every
    expected = draws / len(every)
    chi2 = sum((freq.get(d, 0) - expected) ** 2 / expected for d in every)
    df = len(every) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5  # far in the tail for a uniform sampler


def test_rejection_keeps_uniformity_and_predicate():
    def two_gras(hand):
        return sum(c.suit == 1 for c in hand) >= 2

    sampler, fixed, forbidden = small_sampler(predicates={3: two_gras})
    unseen = [c for c in SMALL_DECK if not any(c in f for f in fixed)]
    every = {d for d in brute_force_deals(unseen, 4, 3, fixed, forbidden) if two_gras(d[3])}
    freq = Counter(sampler.sample(3, i) for i in range(30 * len(every)))
    assert set(freq) == every


def test_sample_depends_only_on_seed_and_index():
    sampler, _, _ = small_sampler()
    forward = [sampler.sample(5, i) for i in range(20)]
    backward = [sampler.sample(5, i) for i in reversed(range(20))][::-1]
    assert forward == backward
    assert sampler.sample(5, 3) != sampler.sample(6, 3) or sampler.sample(5, 4) != sampler.sample(6, 4)
    assert sample_rng(1, 2).random() == sample_rng(1, 2).random() != sample_rng(2, 1).random()


def test_before_play_knowledge():
    hand = cards("EO GO EU GU HA H10 EA G7")
    cons = Constraints.parse(["2:SO,HO", "1:SA"], ["3:E", "1:G"], game="schafkopf")
    sampler = DealSampler.for_hand("schafkopf", 0, hand, cons)
    for i in range(50):
        deal = sampler.sample(1, i)
        assert deal[0] == tuple(sorted(hand))
        assert {card(3, "O"), card(2, "O")} <= set(deal[2]) and card(3, "A") in deal[1]
        assert not any(c.suit == 0 for c in deal[3]) and not any(c.suit == 1 for c in deal[1])
        assert sorted(c for h in deal for c in h) == sorted(set(c for h in deal for c in h))
        assert all(len(h) == 8 for h in deal)


@pytest.mark.parametrize("seat_has, voids, message", [
    (["2:EO"], [], "both"),  # the viewer holds it
    (["1:SA,SK,S10,S9,S8,S7,HO,HU,H9"], [], "more than"),
    ([], ["1:E", "2:E", "3:E"], "no deal"),  # E10 EK ... must go somewhere
    (["1:SA"], ["1:S"], "also known not to"),
    (["4:SA"], [], "seats are 0..3"),
    (["0:EO"], [], "whose hand is known"),
])
def test_impossible_knowledge_is_an_input_error(seat_has, voids, message):
    hand = cards("EO GO EU GU HA H10 EA G7")
    with pytest.raises(InputError, match=message):
        DealSampler.for_hand("schafkopf", 0, hand, Constraints.parse(seat_has, voids, game="schafkopf"))


@pytest.mark.parametrize("bad", ["2EO", "x:EO", "2:", "2:XX"])
def test_bad_constraint_text(bad):
    with pytest.raises(ValueError):
        Constraints.parse([bad], [], game="schafkopf")


def hide(pos: Position, keep: set[int]) -> Position:
    return pos.with_deal(tuple(h if s in keep else None for s, h in enumerate(pos.deal)))


@pytest.mark.parametrize("game, contract, seed", [("schafkopf", "sauspiel", 1), ("schafkopf", "solo", 2),
                                                   ("jass", "trump", 3), ("scharwenzel", "trump", 4)])
def test_position_samples_explain_the_play(game, contract, seed):
    rng = random.Random(seed)
    full = random_position(rng, game, contract, played=17)
    viewer = full.state().to_move
    pos = hide(full, {viewer})
    sampler = DealSampler.for_position(pos)
    plays = played_cards(pos)
    for i in range(40):
        deal = sampler.sample(seed, i)
        assert deal[viewer] == tuple(sorted(full.deal[viewer]))
        for seat, c, _ in plays:
            assert c in deal[seat]
        Position.from_json(pos.with_deal(deal).to_json())  # the solver's own validation replays the play


def test_shown_void_is_respected():
    # Eichel-Solo: on the Gras lead seats 3 and 1 play no Gras, so they hold none later.
    deal = ["EO GO HO SO EU GU HU SU", "EA E10 EK E9 E8 E7 HA H10",
            "GA G10 GK G9 G8 G7 HK H9", "SA S10 SK S9 S8 S7 H8 H7"]
    full = Position.from_json({"game": "schafkopf", "contract": "solo", "trump": "E", "declarer": 0,
                               "leader": 2, "deal": deal, "play": ["GA", "SA", "EO", "HA"]})
    sampler = DealSampler.for_position(hide(full, {0}))
    gras = {c for c in cards("G10 GK G9 G8 G7")}
    for i in range(30):
        d = sampler.sample(0, i)
        assert gras <= set(d[2])


def test_card_in_hand_and_played_is_an_input_error():
    text = {"game": "schafkopf", "contract": "solo", "trump": "H", "declarer": 0, "leader": 1,
            "deal": ["EO GO HO SO EU GU HU SU", "?", "?", "?"], "play": ["SU"]}
    # Caught at the boundary now: who played each card follows from the cards.
    with pytest.raises(PositionError, match="played by seat 1 but dealt to seat 0"):
        DealSampler.for_position(Position.from_json(text, allow_hidden=True))


def test_user_void_speaks_of_the_cards_still_held():
    # Seat 1 played HA on the Herz lead; "--void 1:H" then says it holds no more Herz (Wenz: the
    # Herz Unter is a trump, not Herz), which is consistent, not a clash with the card it played.
    text = {"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
            "deal": ["EU GU EA E10 GA G10 H10 SA", "?", "?", "?"], "play": ["H10", "HA"]}
    pos = Position.from_json(text, allow_hidden=True)
    sampler = DealSampler.for_position(pos, Constraints.parse([], ["1:H"], game="schafkopf"))
    herz = {c for c in cards("HK HO H9 H8 H7")}
    for i in range(30):
        d = sampler.sample(0, i)
        assert cards("HA")[0] in d[1] and not herz & set(d[1])


def test_seat_has_names_a_card_once():
    with pytest.raises(InputError, match="card E10 given twice"):
        Constraints.parse(["1:E10,E10"], [], game="schafkopf")


def test_an_undertrump_shows_a_hand_of_trumps_alone():
    # [JS] no undertrumping "unless your hand holds nothing but trumps":
    # seat 3's C6 under seat 1's CJ on a Pik lead says the rest of his hand
    # is trumps.  Left to redrawing, 1 draw in about 18,600 met it and a
    # third of the samples failed (found by an independent audit); placed
    # as a fact, every sample meets it, and the deals number 924 exactly.
    pos = Position.from_json({"game": "jass", "contract": "trump", "trump": "C", "declarer": 0, "leader": 0,
                              "deal": ["?", "CA CJ D7 D8 H7 H8 S6 S7 S8", "?", "?"],
                              "play": ["DA", "D7", "DK", "D6", "HA", "H7", "HK", "H6", "SA", "CJ", "SK", "C6"]},
                             allow_hidden=True)
    sampler = DealSampler.for_position(pos)
    assert sampler.count() == 924
    for i in range(30):
        deal = sampler.sample(1, i)
        rest = [c for c in deal[3] if c not in pos.play]
        assert len(rest) == 6 and all(c.suit == 0 for c in rest)  # clubs, the trump suit
        Position.from_json(pos.with_deal(deal).to_json())
