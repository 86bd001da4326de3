""""Für die ersten" (docs/rules.md, "Scharwenzel scoring"): can a party win
every one of the hand's first tricks?  :func:`takes_first_tricks` against
the reference's plain exhaustive search, on random positions of every
Scharwenzel table size, and the rule's edges by hand."""
from __future__ import annotations

import random

import pytest
from reference import reference_first_tricks
from test_crosscheck import random_endgame

from stichfest import Position
from stichfest.streak import takes_first_tricks

pytestmark = pytest.mark.slow


def run_alive_endgame(rng: random.Random, case, tricks_left: int) -> tuple[dict, frozenset[int]]:
    """A random ending (:func:`random_endgame`) in which one party has won
    every completed trick, and that party: its run is still open, so the
    question of the first tricks needs the search."""
    seats = case[2]
    while True:
        pos_json = random_endgame(rng, case, tricks_left)
        winners = [w for _, _, w in Position.from_json(pos_json).state().history]
        parities = {w % 2 for w in winners}
        if len(parities) <= 1:
            parity = parities.pop() if parities else rng.randrange(2)
            return pos_json, frozenset(s for s in range(seats) if s % 2 == parity)


@pytest.mark.parametrize("seats,tricks_left", [(4, 3), (4, 4), (4, 5), (6, 3), (6, 4), (8, 3), (8, 4)])
def test_matches_reference_where_the_run_is_open(seats, tricks_left):
    """Every query here reaches the search: the party has won every trick so
    far and ``count`` lies beyond them (at 8 seats with 4 left: the deal)."""
    rng = random.Random(10 * seats + tricks_left)
    case = ("scharwenzel", "trump", seats, False, False, None)
    agreed = {True: 0, False: 0}
    for _ in range(40 if (seats, tricks_left) == (4, 3) else 120 if tricks_left < 5 else 25):
        pos_json, party = run_alive_endgame(rng, case, tricks_left)
        pos = Position.from_json(pos_json)
        done = len(pos.state().history)
        count = rng.randint(done + 1, pos.n_tricks)
        got = takes_first_tricks(pos, count, party)
        assert got == reference_first_tricks(pos_json, count, set(party)), (pos_json, count, sorted(party))
        agreed[got] += 1
    assert min(agreed.values()) >= 3  # both answers are met


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_matches_reference_on_random_positions(seats):
    """Any count, either party: runs already broken or decided by the play too."""
    rng = random.Random(seats)
    case = ("scharwenzel", "trump", seats, False, False, None)
    agreed = {True: 0, False: 0}
    for i in range(200):
        tricks_left = 3 if seats < 8 else 4  # the whole hand at 8 seats
        pos_json = random_endgame(rng, case, tricks_left - (i % 2))
        pos = Position.from_json(pos_json)
        count = rng.randint(1, pos.n_tricks)
        party = pos.declaring_party if i % 3 else pos.other_party
        got = takes_first_tricks(pos, count, party)
        assert got == reference_first_tricks(pos_json, count, set(party)), (pos_json, count, sorted(party))
        agreed[got] += 1
    assert min(agreed.values()) >= 10  # both answers are met often


def test_every_count_from_the_deal_at_eight_seats():
    """Whole hands (4 cards each), every count: the run from the first trick."""
    rng = random.Random(80)
    case = ("scharwenzel", "trump", 8, False, False, None)
    for _ in range(5):
        pos_json = random_endgame(rng, case, 4)
        pos_json["play"] = []
        pos = Position.from_json(pos_json)
        for count in range(1, 5):
            for party in (pos.declaring_party, pos.other_party):
                assert takes_first_tricks(pos, count, party) == reference_first_tricks(
                    pos_json, count, set(party)), (pos_json, count)


def first_tricks_won(pos: Position, party=None) -> int:
    """How many of the first tricks in a row ``party`` (default: the declaring one) has won so far."""
    seats = pos.declaring_party if party is None else party
    run = 0
    for _, _, winner in pos.state().history:
        if winner not in seats:
            break
        run += 1
    return run


def _position(deal, *, trump="C", declarer=0, leader=0, play=()):
    return Position.from_json({"game": "scharwenzel", "contract": "trump", "trump": trump,
                               "declarer": declarer, "leader": leader, "deal": deal, "play": list(play)})


# Seats 0/2 hold the eight highest trumps ([SW] Olsch, Nillje, Basta, the Jacks, then A K 10).
TOP = ["CQ C7 CJ HJ CA C10 HA H10", "SA SK S10 S9 HK H9 D10 D9",
       "SQ SJ DJ CK C9 C8 DA DK", "S8 S7 HQ H8 H7 DQ D8 D7"]


def test_top_trumps_take_the_first_tricks():
    pos = _position(TOP)
    assert takes_first_tricks(pos, 5)  # [SW] the majority of 8 is 5
    assert takes_first_tricks(pos, 8)
    assert not takes_first_tricks(pos, 1, {1, 3})


def test_a_lost_trick_among_the_first_ends_the_run():
    """[SW] "the first majority-number of tricks in a row": one trick of the
    other party among them and the run is over."""
    # seat 1 leads the ♠A; seat 2 (void in plain ♠) plays the Basta, seat 0 the Olsch
    kept = _position(TOP, leader=1, play=["SA", "SQ", "S8", "CQ"])
    assert first_tricks_won(kept) == 1
    assert takes_first_tricks(kept, 5)  # 0/2 hold every trump left
    # the same lead, but nobody of 0/2 trumps it: seat 1 keeps the trick
    lost = _position(TOP, leader=1, play=["SA", "DA", "S8", "HA"])
    assert first_tricks_won(lost) == 0
    assert first_tricks_won(lost, {1, 3}) == 1
    assert not takes_first_tricks(lost, 5)
    assert not takes_first_tricks(lost, 1)
    assert takes_first_tricks(lost, 1, {1, 3})
    assert not takes_first_tricks(lost, 2, {1, 3})  # seat 2 trumps every ♠ and ♥, beats ♦ with the ♦K


def test_the_run_counts_from_the_first_trick_only():
    """Tricks after the first ``count`` do not matter: a played hand whose
    party lost only its last trick took the first tricks."""
    pos = _position(TOP)
    st = pos.state()
    line = []
    while not st.finished:
        card = min(st.legal_cards(), key=lambda c: c.index)
        line.append(str(card))
        st.play(card.index)
    done = _position(TOP, play=line)
    run = first_tricks_won(done)
    assert takes_first_tricks(done, max(run, 1)) == (run >= 1)
    if run < 8:
        assert not takes_first_tricks(done, run + 1)


def test_refused_where_other_rules_apply():
    jass = Position.from_json({"game": "jass", "contract": "trump", "trump": "H", "declarer": 0, "leader": 0,
                               "deal": ["C6 C7 C8 C9 C10 CJ CQ CK CA", "S6 S7 S8 S9 S10 SJ SQ SK SA",
                                        "H6 H7 H8 H9 H10 HJ HQ HK HA", "D6 D7 D8 D9 D10 DJ DQ DK DA"]})
    with pytest.raises(ValueError, match="not for jass"):
        takes_first_tricks(jass, 5)
    with pytest.raises(ValueError, match="count must be 1..8"):
        takes_first_tricks(_position(TOP), 9)
