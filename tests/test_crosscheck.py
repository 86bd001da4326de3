"""The Cython solver against the independent pure-Python reference.

Thousands of seeded random endgames of every game, contract and seat count:
``value`` and every card of ``moves`` must agree exactly.  Legal-move
generation is compared on many more random states along whole hands (the
search's own generator, the boundary's GameState and the reference).
"""
from __future__ import annotations

import random

import pytest
from reference import legal_moves, reference_solve

from stichfest import Position, Solver
from stichfest.cards import Card, parse_card
from stichfest.contracts import TRUMP
from stichfest.deals import callable_suits, position_json, random_deal

pytestmark = pytest.mark.slow   # thousands of positions against the reference (~60 s)

# (game, contract, seats, short deck, tout, rules)
CASES = [
    ("schafkopf", "sauspiel", 4, False, False, None),
    ("schafkopf", "sauspiel", 4, True, False, {"davonlaufen_min": 3}),
    ("schafkopf", "solo", 4, False, False, None),
    ("schafkopf", "solo", 4, False, True, None),
    ("schafkopf", "wenz", 4, False, False, None),
    ("schafkopf", "wenz", 4, True, True, None),
    ("schafkopf", "geier", 4, False, False, None),
    ("schafkopf", "farbwenz", 4, False, False, None),
    ("schafkopf", "farbgeier", 4, True, False, None),
    ("schafkopf", "ramsch", 4, False, False, None),
    ("schafkopf", "ramsch", 4, True, False, None),
    ("jass", "trump", 4, False, False, None),
    ("jass", "obenabe", 4, False, False, None),
    ("jass", "undeufe", 4, False, False, None),
    ("scharwenzel", "trump", 4, False, False, None),
    ("scharwenzel", "trump", 6, False, False, None),
    ("scharwenzel", "trump", 8, False, False, None),
] + [
    # Schafkopf for three: the 24-card deck, 8 cards each, every one-against-two contract
    ("schafkopf", contract, 3, False, tout, None)
    for contract in ("solo", "wenz", "geier", "farbwenz", "farbgeier") for tout in (False, True)
]
NEEDS_TRUMP = {"solo", "farbwenz", "farbgeier", "trump"}
POSITIONS_PER_CASE = 180


def _case_id(case) -> str:
    game, contract, n, short, tout, rules = case
    return "-".join(filter(None, [game, contract, f"{n}p", "short" if short else "",
                                  "tout" if tout else "", "var" if rules else ""]))


def random_endgame(rng: random.Random, case, tricks_left: int) -> dict:
    """A random deal and a random legal play prefix (chosen with the reference's
    legal moves) down to ``tricks_left`` tricks, sometimes stopped mid-trick.

    In a sauspiel the prefix avoids leading the called suit half of the time,
    so the called-Sau restrictions are still alive in the ending."""
    game, contract, n, short, tout, rules = case
    while True:
        deal = random_deal(rng, game, n, short)
        declarer = rng.randrange(n)
        called = None
        if contract == "sauspiel":
            suits = callable_suits(deal[declarer])
            if not suits:
                continue
            called = rng.choice(suits)
        trump = rng.randrange(4) if contract in NEEDS_TRUMP else None
        pos = position_json(game, contract, deal, declarer=declarer, leader=rng.randrange(n),
                            trump=trump, called=called, tout=tout, rules=rules)
        break
    keep_called_closed = called is not None and rng.random() < 0.5
    called_letter = "EGHS"[called] if called is not None else None
    total = len(deal[0]) * n
    stop = total - tricks_left * n + rng.randrange(n)
    while len(pos["play"]) < stop:
        legal = legal_moves(pos)
        if keep_called_closed and len(pos["play"]) % n == 0:
            # prefer leads that keep the called suit unled (not exact: tricks
            # rotate, but the prefix then often keeps the restrictions alive)
            quiet = [c for c in legal if not (c[0] == called_letter and c[1:] not in ("O", "U"))]
            legal = quiet or legal
        pos["play"].append(rng.choice(legal))
    return pos


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_solver_matches_reference(case):
    rng = random.Random(sum(map(ord, _case_id(case))))
    solver = Solver(tt_bits=14)
    for i in range(POSITIONS_PER_CASE):
        tricks_left = 2 if case[2] == 8 else 3
        pos_json = random_endgame(rng, case, tricks_left - (i % 2))
        expected = reference_solve(pos_json)
        got = solver.solve(Position.from_json(pos_json), pv=False)
        assert (got.value, got.to_json()["moves"], got.to_move) == (
            expected["value"], expected["moves"], expected["to_move"]), pos_json


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_legal_moves_agree_along_whole_hands(case):
    """Search generator == GameState == reference, at every card of 40 random hands."""
    rng = random.Random(1000 + sum(map(ord, _case_id(case))))
    solver = Solver(tt_bits=4)
    hand_size = len(random_deal(rng, case[0], case[2], case[3])[0])
    for _ in range(40):
        pos_json = random_endgame(rng, case, hand_size)  # the whole hand: nothing played
        while True:
            pos = Position.from_json(pos_json)
            st = solver._load(pos)
            if st.finished:
                break
            ref = sorted(legal_moves(pos_json))
            mine = sorted(str(c) for c in st.legal_cards())
            engine = sorted(str(Card(x, pos.deck)) for x in solver.engine.legal())
            assert mine == ref == engine, pos_json
            pos_json = dict(pos_json, play=pos_json["play"] + [rng.choice(ref)])


def test_answers_do_not_depend_on_earlier_queries():
    """The table and the move history are shared between queries of one deal;
    an answer, its line of play included, must still be the position's alone."""
    rng = random.Random(4242)
    used = Solver(tt_bits=14)
    for case in (CASES[0], CASES[2], CASES[9], CASES[11]):
        for _ in range(6):
            pos = Position.from_json(random_endgame(rng, case, 3))
            for target in (10, 30, 61):  # other questions about the same deal first
                used.reaches(pos, target)
            used.value(pos.with_play(pos.play[:-1])) if pos.play else None
            assert used.solve(pos).to_json() == Solver(tt_bits=14).solve(pos).to_json(), pos


def test_warm_up_touches_a_table_of_the_games_size_and_changes_no_answer():
    """Solver.warm_up (bench/run.py calls it before each row) makes the
    game's table and writes all of it; answers are the same after it,
    whether it comes before a deal or between two queries of one."""
    from stichfest.search import TT_BITS

    rng = random.Random(77)
    for case in (CASES[0], CASES[9]):
        pos = Position.from_json(random_endgame(rng, case, 4))
        solver = Solver()
        solver.warm_up(pos.game)
        assert solver.engine.tt_bits == TT_BITS[pos.game]
        first = solver.solve(pos).to_json()
        solver.warm_up(pos.game)  # clears the table between two queries of the deal
        assert solver.solve(pos).to_json() == first == Solver().solve(pos).to_json()
    with pytest.raises(ValueError, match="unknown game 'skat'"):
        Solver().warm_up("skat")


def _touching_pairs(pos: Position, legal: list[str]):
    """Pairs of the mover's legal cards with no other card still in play (in
    a hand or on the table) between them in their class: the cards the
    search bounds by each other (``twin_bound`` in solver/_bounds.pxd)."""
    table = pos.table
    st = pos.state()
    in_play = set(st.trick)
    for mask in st.hands:
        in_play |= {i for i in range(64) if mask >> i & 1}
    cards = {c: parse_card(c, pos.deck).index for c in legal}
    for a in legal:
        for b in legal:
            ia, ib = cards[a], cards[b]
            if ia >= ib or table.follow_class[ia] != table.follow_class[ib] or table.special_card in (ia, ib):
                continue
            order = table.ordered(table.follow_class[ia])
            lo, hi = sorted((order.index(ia), order.index(ib)))
            if not any(x in in_play for x in order[lo + 1:hi]):
                yield a, b, abs(table.points[ia] - table.points[ib]) if table.score_mode == 0 else 0


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_touching_cards_differ_by_at_most_their_points(case):
    """The search skips a card when one it touches has already been searched
    and is, even with the two cards' difference in points added, no better:
    checked here on the reference's values alone."""
    rng = random.Random(500 + sum(map(ord, _case_id(case))))
    pairs = 0
    for _ in range(60):
        pos_json = random_endgame(rng, case, 2 if case[2] == 8 else 3)
        expected = reference_solve(pos_json)
        for a, b, diff in _touching_pairs(Position.from_json(pos_json), list(expected["moves"])):
            assert abs(expected["moves"][a] - expected["moves"][b]) <= diff, (pos_json, a, b)
            pairs += 1
    assert pairs > 0  # the property was exercised


THREE_SEAT_CASES = [c for c in CASES if c[2] == 3]


@pytest.mark.parametrize("case", THREE_SEAT_CASES, ids=_case_id)
def test_three_seat_long_endings_match_reference(case):
    """Schafkopf for three, four and five tricks from the end (up to 15 of the
    24 cards still to play; every contract and its Tout): the brute force
    still manages these; whole 8-trick deals are beyond it (six tricks
    already take it seconds), so whole hands are compared card by card for
    legality above."""
    rng = random.Random(77 + sum(map(ord, _case_id(case))))
    solver = Solver(tt_bits=16)
    for i in range(9):
        pos_json = random_endgame(rng, case, 5 if i % 3 == 0 else 4)
        expected = reference_solve(pos_json)
        got = solver.solve(Position.from_json(pos_json), pv=False)
        assert (got.value, got.to_json()["moves"], got.to_move) == (
            expected["value"], expected["moves"], expected["to_move"]), pos_json


DECIDED_TRICK_CASES = [c for c in CASES if c[1] == "ramsch"] + [
    ("schafkopf", "sauspiel", 4, False, False, None),
    ("schafkopf", "solo", 4, False, False, None),
    ("jass", "trump", 4, False, False, None),
]


@pytest.mark.parametrize("case", DECIDED_TRICK_CASES, ids=_case_id)
def test_four_trick_endings_match_reference(case):
    """Ramsch, Sauspiel, Solo and Jass four tricks from the end, most of
    them stopped mid-trick: the bounds that end a node when the trick's
    side is decided or secured (trick_bounds in solver/_bounds.pxd: nobody
    of the other side can beat the winner, the mover takes it with a card
    nobody after it beats, the Ramsch seat ducks, the others let it win)
    and the every-card query, card by card against the brute force."""
    rng = random.Random(31 + sum(map(ord, _case_id(case))))
    solver = Solver(tt_bits=16)
    for _ in range(30):
        pos_json = random_endgame(rng, case, 4)
        expected = reference_solve(pos_json)
        got = solver.solve(Position.from_json(pos_json), pv=False)
        assert (got.value, got.to_json()["moves"], got.to_move) == (
            expected["value"], expected["moves"], expected["to_move"]), pos_json


SHAPE_CASES = [
    ("jass", "trump", 4, False, False, None),
    ("jass", "obenabe", 4, False, False, None),
    ("schafkopf", "sauspiel", 4, False, False, None),
    ("schafkopf", "ramsch", 4, False, False, None),
]


@pytest.mark.parametrize("case", SHAPE_CASES, ids=_case_id)
def test_entries_of_other_point_shapes_bound_correctly(case):
    """The table gives a position the bounds of positions of the same
    structure and other point shapes, moved by the points in which they
    differ (shape_shift in solver/_tt.pxd).  A table of 16 buckets makes
    entries of many shapes meet and replace each other in one bucket; the
    answers must still be the brute force's, card by card, and the same
    as with a large table."""
    rng = random.Random(5 + sum(map(ord, _case_id(case))))
    small, large = Solver(tt_bits=4), Solver(tt_bits=16)
    for _ in range(12):
        pos_json = random_endgame(rng, case, 4)
        expected = reference_solve(pos_json)
        pos = Position.from_json(pos_json)
        got = small.solve(pos, pv=False)
        assert (got.value, got.to_json()["moves"], got.to_move) == (
            expected["value"], expected["moves"], expected["to_move"]), pos_json
        assert large.solve(pos, pv=False).to_json()["moves"] == expected["moves"], pos_json


def test_a_table_bucket_is_one_cache_line():
    """Three entries of 21 bytes to a 64-byte bucket (solver/_tt.pxd): a
    probe reads one cache line, and the table is 64 bytes per bucket."""
    from stichfest._search import Engine

    for bits in (4, 12, 20):
        assert Engine(bits).tt_bytes == 64 << bits


JASS_TRUMP = ("jass", "trump", 4, False, False, None)


def _trumps_by_party(pos: Position) -> tuple[bool, bool]:
    """Whether the declaring party, and whether the other, still holds a trump."""
    hands = pos.state().hands
    trumps = sum(1 << i for i, k in enumerate(pos.table.follow_class) if k == TRUMP)
    ours = any(hands[s] & trumps for s in pos.declaring_party)
    theirs = any(hands[s] & trumps for s in range(pos.n_seats) if s not in pos.declaring_party)
    return ours, theirs


def _kept_endings_match_reference(rng, spec, count, keep, tricks=lambda checked: 4):
    """Draw random endings of ``spec`` (``tricks(n)`` tricks from the end,
    n the endings kept so far) until ``count`` of them pass ``keep``, and
    check each card by card against the brute force."""
    solver = Solver(tt_bits=16)
    checked = 0
    while checked < count:
        pos_json = random_endgame(rng, spec, tricks(checked))
        pos = Position.from_json(pos_json)
        if not keep(pos):
            continue
        expected = reference_solve(pos_json)
        got = solver.solve(pos, pv=False)
        assert (got.value, got.to_json()["moves"], got.to_move) == (
            expected["value"], expected["moves"], expected["to_move"]), pos_json
        checked += 1


def test_jass_endings_where_one_side_holds_every_trump():
    """Jass trump endings, four and five tricks from the end, in which one
    side holds every trump left: where the Jass bounds end the most nodes
    (the top run of trumps, lead_kept in solver/_bounds.pxd: the side
    without trumps never gets the lead back).  A bound a few points too
    tight passed the cross-check's random endings unnoticed (a bound 3 or
    5 points too tight in Jass alone), so these are chosen where such a
    bound is in play, card by card against the brute force."""
    _kept_endings_match_reference(random.Random(2026), JASS_TRUMP, 40,
                                  lambda pos: sum(_trumps_by_party(pos)) == 1,
                                  lambda checked: 5 if checked % 8 == 0 else 4)


RAMSCH_SHORT = ("schafkopf", "ramsch", 4, True, False, None)


def test_ramsch_endings_where_the_declarer_leads():
    """Ramsch ([SK] Ramsch: the declarer alone, every other seat playing to
    give him points) with the short deck four tricks from the end, at a
    trick the declarer leads (its start, or cards of it played), card by
    card against the brute force: where a bound on what the declarer must
    take, or can shed by leading a card that surely loses, would end
    nodes.  (A bound of the second kind, tried in round 13 and not kept,
    3 points too tight, passed every other case of this file but the short
    deck's four-trick endings; this set failed with it.)"""
    _kept_endings_match_reference(random.Random(7), RAMSCH_SHORT, 30,
                                  lambda pos: pos.state().leader == pos.declarer)
