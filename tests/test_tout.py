"""Guaranteed Tout and points targets (stichfest.analysis.tout, ``stichfest tout``).

Hand-built hands with known answers, and short-deck endings where every
distribution of the unseen cards is enumerated: there the answer is checked
against an independent brute force over explicit distributions (written
with the reference rules of tests/reference.py, no Hall condition, no
dominance, no symmetry), against the double-dummy solver in every
distribution, and the returned plan is executed against every distribution
and every defence.
"""
from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from reference import Game

from stichfest import Position, Solver
from stichfest.analysis.cli import main
from stichfest.analysis.errors import InputError
from stichfest.analysis.tout import (
    PlanFollower,
    dd_share,
    guarantee,
    hand_position,
    info_state,
    sample_deal,
    sure_points,
    wilson_interval,
)
from stichfest.cards import Card
from stichfest.contracts import TOUT_CONTRACTS
from stichfest.deals import position_json, random_deal

NEEDS_TRUMP = ("solo", "farbwenz", "farbgeier")


def tout_result(contract, hand, seat, leader, trump=None):
    return guarantee(hand_position(contract, hand, seat, leader, trump=trump))


# ---------------------------------------------------------------------------
# Checking answers on a concrete deal
def hidden(pos: Position) -> Position:
    """The declarer's view of ``pos``: every other hand hidden."""
    data = pos.to_json()
    data["deal"] = [h if s == pos.declarer else "?" for s, h in enumerate(data["deal"])]
    return Position.from_json(data, allow_hidden=True)


def replay_line(result, deal, line):
    """Replay ``line`` on ``deal`` under the real rules, checking every card's seat."""
    pos = result.info.position
    full = Position.from_json(position_json("schafkopf", pos.contract, [d.split() for d in deal],
                                            declarer=pos.declarer, leader=pos.leader, trump=pos.trump,
                                            tout=pos.tout))
    st = full.state()
    for seat, name in line:
        assert st.to_move == seat
        st.play(next(c for c in st.legal_cards() if str(c) == name).index)
    return full, st


def declarer_lost_a_trick(st, declarer: int) -> bool:
    """A completed trick went to a defender, or a defender card beats the
    declarer's in the trick on the table."""
    if any(w != declarer for _, _, w in st.history):
        return True
    seats = [(st.leader + i) % st.n_seats for i in range(len(st.trick))]
    return declarer in seats and seats[st.trick_winner_offset(st.trick)] != declarer


def assert_tout_refuted(result):
    ref = result.refutation
    assert not result.guaranteed and result.plan is None and ref is not None
    d = result.info.position.declarer
    _, st = replay_line(result, ref.deal, ref.line)
    assert declarer_lost_a_trick(st, d), "the line must lose a trick"
    assert [w for _, _, w in st.history].count(d) == ref.result == result.info.tricks_won + ref.sure
    cut = max(i for i, (s, _) in enumerate(ref.line) if s == d)  # the declarer's last card
    for alt in ref.alternatives:  # his other cards there, each with its own defence and deal
        line = list(ref.line[:cut]) + [(d, alt["declarer"])] + [tuple(p) for p in alt["defence"]]
        _, st = replay_line(result, alt["deal"], line)
        assert declarer_lost_a_trick(st, d)


# ---------------------------------------------------------------------------
# Hand-built cases with known answers
@pytest.mark.parametrize("seat", [0, 2])
@pytest.mark.parametrize("leader", range(4))
def test_wenz_with_all_unter_and_the_top_of_a_long_suit_is_guaranteed_from_any_seat(seat, leader):
    result = tout_result("wenz", "EU GU HU SU EA E10 EK EO", seat, leader)
    assert result.guaranteed and result.refutation is None and result.plan is not None


def test_wenz_missing_the_schellen_unter_is_guaranteed_on_lead():
    result = tout_result("wenz", "EU GU HU EA E10 EK GA G10", 0, 0)
    assert result.guaranteed  # trumps from the top: the single missing Unter must fall


@pytest.mark.parametrize("leader", [1, 2, 3])
def test_wenz_missing_the_schellen_unter_fails_with_a_defender_on_lead(leader):
    result = tout_result("wenz", "EU GU HU EA E10 EK GA G10", 0, leader)
    assert_tout_refuted(result)  # a void defender ruffs a side Sau with the Schellen-Unter
    assert result.refutation.sure == 0


def test_herz_solo_missing_the_schellen_ober_is_not_guaranteed():
    result = tout_result("solo", "EO GO HO EU GU HU SU HA", 0, 0, trump="H")
    assert_tout_refuted(result)
    assert result.refutation.sure == 3  # the Ober come first; the Schellen-Ober beats the first Unter


def test_a_hand_of_nothing_but_top_trumps_is_guaranteed_and_its_plan_is_the_standard_line():
    result = tout_result("solo", "EO GO HO SO EU GU HU SU", 1, 3, trump="E")
    assert result.guaranteed and result.plan.end == "standard"


def test_guaranteed_tout_is_made_double_dummy_in_sampled_deals():
    pos = hand_position("wenz", "EU GU HU EA E10 EK GA G10", 0, 0)
    share = dd_share(pos, None, 6, seed=3)
    assert share.made == share.samples == 6 and share.interval[1] == pytest.approx(1.0)


@pytest.mark.slow
def test_points_target_of_a_monster_solo_is_guaranteed_and_a_middling_one_refuted_double_dummy():
    strong = hand_position("solo", "EO GO HO SO EU GU HA H10", 1, 1, trump="H", tout=False)
    assert guarantee(strong, 91).guaranteed
    middling = hand_position("solo", "EO GO EU GU HA H10 HK EA", 0, 0, trump="H", tout=False)
    result = guarantee(middling, 61)
    ref = result.refutation
    assert not result.guaranteed and ref.kind == "double dummy" and ref.result < 61
    full, st = replay_line(result, ref.deal, ref.line)
    assert st.finished and st.points[0] == ref.result == Solver().value(full)


def test_the_plan_wins_every_trick_in_sampled_deals_against_random_defences():
    # eight cards: too many distributions to enumerate; the endings below enumerate them all
    for contract, hand, leader, trump in [("solo", "EO GO HO SO EU GU HU H10", 2, "H"),
                                          ("wenz", "EU GU HU SU EA E10 EK EO", 1, None),
                                          ("farbgeier", "EO GO HO SO GA GK GU G9", 3, "G")]:
        pos = hand_position(contract, hand, 0, leader, trump=trump)
        result = guarantee(pos)
        assert result.guaranteed
        rng = random.Random(11)
        for _ in range(30):
            deal = pos.with_deal(sample_deal(result.info, rng))
            follower, st = PlanFollower(result), deal.state()
            while not st.finished:
                if st.to_move == pos.declarer:
                    card = follower.card()
                else:
                    card = rng.choice(st.legal_cards())
                follower.observe(st.to_move, card)
                st.play(card.index)
            assert st.tricks[pos.declarer] == pos.n_tricks


# ---------------------------------------------------------------------------
# Schafkopf for three: two defenders share the 16 unseen cards
def test_three_players_wenz_missing_the_schellen_unter():
    on_lead = guarantee(hand_position("wenz", "EU GU HU EA E10 EK GA G10", 0, 0, players=3))
    assert on_lead.guaranteed and on_lead.info.sizes == (8, 8, 8)
    for leader in (1, 2):  # a defender on lead: the one with the Schellen-Unter ruffs a Sau
        result = guarantee(hand_position("wenz", "EU GU HU EA E10 EK GA G10", 0, leader, players=3))
        assert_tout_refuted(result)
        assert len(result.refutation.deal) == 3


def test_three_players_plan_wins_every_trick_against_random_defences():
    pos = hand_position("solo", "EO GO HO SO EU GU HA H10", 2, 0, trump="H", players=3)
    result = guarantee(pos)
    assert result.guaranteed
    rng = random.Random(5)
    for _ in range(20):
        deal = pos.with_deal(sample_deal(result.info, rng))
        assert sorted(len(h) for h in deal.deal) == [8, 8, 8]
        follower, st = PlanFollower(result), deal.state()
        while not st.finished:
            card = follower.card() if st.to_move == pos.declarer else rng.choice(st.legal_cards())
            follower.observe(st.to_move, card)
            st.play(card.index)
        assert st.tricks[pos.declarer] == 8


def test_three_players_points_target_and_bad_seat():
    strong = hand_position("solo", "EO GO HO EU GU HA H10 EA", 1, 0, trump="H", tout=False, players=3)
    # the budget counts every card played (issue 17.5): this proof plays some 1.6 million
    budget = 2_000_000
    assert guarantee(strong, 61, max_nodes=budget).guaranteed
    assert 61 <= sure_points(strong, max_nodes=budget) < 120
    with pytest.raises(ValueError, match="seat must be 0..2"):
        hand_position("wenz", "EU GU HU EA E10 EK GA G10", 3, 0, players=3)
    with pytest.raises(ValueError, match="E7 is not in the 24-card deck of Schafkopf for three"):
        hand_position("wenz", "EU GU HU EA E10 EK GA E7", 0, 0, players=3)


# ---------------------------------------------------------------------------
# Short-deck endings, every distribution
def strong_deal(rng: random.Random, contract: str, trump: int | None, declarer: int, n_seats: int = 4):
    """A 24-card deal (the short deck of four, or Schafkopf for three) whose
    declarer holds mostly trumps and high cards and whose defenders hold few
    suits each (so that they show voids early)."""
    from stichfest.contracts import contract_table
    table = contract_table("schafkopf", contract, trump)
    cards = [c for h in random_deal(rng, "schafkopf", n_seats, short=True) for c in h]
    size = len(cards) // n_seats
    weight = [(4 if table.follow_class[c.index] == 4 else 1) * (1 + table.strength[c.index]) for c in cards]
    mine: list[Card] = []
    while len(mine) < size:
        pick = rng.choices(cards, weights=weight)[0]
        if pick not in mine:
            mine.append(pick)
    rest = [c for c in cards if c not in mine]
    order = list(range(5))
    rng.shuffle(order)
    rest.sort(key=lambda c: (order[table.follow_class[c.index]], rng.random()))
    deal = [tuple(rest[i * size:(i + 1) * size]) for i in range(n_seats - 1)]
    rng.shuffle(deal)
    deal.insert(declarer, tuple(mine))
    return deal


def tout_endings(seed: int, count: int, tricks_left: int, n_seats: int = 4) -> list[Position]:
    """24-card Tout positions (strong declarer hands; the short deck of four,
    or Schafkopf for three) after the declarer won every trick so far by
    random play; the declarer leads."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        contract = rng.choice(TOUT_CONTRACTS)
        trump = rng.randrange(4) if contract in NEEDS_TRUMP else None
        declarer = rng.randrange(n_seats)
        deal = strong_deal(rng, contract, trump, declarer, n_seats)
        pos = Position.from_json(position_json("schafkopf", contract, deal,
                                               declarer=declarer, leader=declarer, trump=trump, tout=True))
        st, play = pos.state(), []
        for _ in range(pos.n_tricks - tricks_left):
            for _attempt in range(30):
                trial, cards = st.copy(), []
                for _ in range(n_seats):
                    card = rng.choice(trial.legal_cards())
                    trial.play(card.index)
                    cards.append(card)
                if trial.history[-1][2] == pos.declarer:
                    break
            else:
                break
            st, play = trial, play + cards
        else:
            out.append(pos.with_play(tuple(play)))
    return out


def points_endings(seed: int, count: int, tricks_left: int, n_seats: int = 4) -> list[Position]:
    """Random 24-card solo-contract positions (the short deck of four, or
    Schafkopf for three) after random play (any seat to move)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        contract = rng.choice(TOUT_CONTRACTS)
        trump = rng.randrange(4) if contract in NEEDS_TRUMP else None
        deal = random_deal(rng, "schafkopf", n_seats, short=True)
        pos = Position.from_json(position_json("schafkopf", contract, deal, declarer=rng.randrange(n_seats),
                                               leader=rng.randrange(n_seats), trump=trump))
        st, play = pos.state(), []
        for _ in range(n_seats * (pos.n_tricks - tricks_left) + rng.randrange(n_seats - 1)):
            card = rng.choice(st.legal_cards())
            st.play(card.index)
            play.append(card)
        out.append(pos.with_play(tuple(play)))
    return out


def _ref_dict(pos: Position, deal) -> dict:
    data = pos.to_json()
    data["deal"] = [" ".join(str(c) for c in h) for h in deal]
    return data


def distributions(pos: Position):
    """Every deal that agrees with the declarer's hand and the play so far:
    a seat that did not follow the led suit holds none of it; each
    candidate is then replayed under the reference rules."""
    d, n = pos.declarer, pos.n_seats
    defenders = [s for s in range(n) if s != d]
    ref = Game(_ref_dict(pos, pos.deal))
    state, played, void = ref.initial_state(), {s: [] for s in range(n)}, {s: set() for s in range(n)}
    for c in pos.play:
        seat = ref.to_move(state)
        if state.trick and ref.follow_suit(str(c)) != ref.follow_suit(state.trick[0]):
            void[seat].add(ref.follow_suit(state.trick[0]))
        played[seat].append(c)
        state = ref.play(state, str(c))
    unseen = sorted(c for s in defenders for c in pos.deal[s] if c not in played[s])
    sizes = [len(state.hands[s]) for s in defenders]

    def fits(seat, cards):
        return not any(ref.follow_suit(str(c)) in void[seat] for c in cards)

    def splits(i: int, left: list) -> Iterator[dict]:
        """Every way to give the ``left`` cards to defenders ``i..``, each in his own order."""
        if i == len(defenders) - 1:
            if fits(defenders[i], left):
                yield {defenders[i]: tuple(left)}
            return
        for mine in itertools.combinations(left, sizes[i]):
            if fits(defenders[i], mine):
                for rest in splits(i + 1, [c for c in left if c not in mine]):
                    yield {defenders[i]: mine, **rest}

    for hands in splits(0, unseen):
        deal = [tuple(sorted(list(hands[s]) + played[s])) if s != d else pos.deal[d] for s in range(n)]
        game = Game(_ref_dict(pos, deal))
        replay = game.initial_state()
        for c in pos.play:
            assert str(c) in game.legal(replay)
            replay = game.play(replay, str(c))
        yield deal, game, replay


def brute_guaranteed(pos: Position, target: int | None) -> bool:
    """Is there a declarer strategy (a function of what he sees) that wins
    every trick / reaches ``target`` points in every distribution against
    every defence?  Explicit AND-OR over the sets of distributions that
    agree with what has been played."""
    d = pos.declarer
    found = list(distributions(pos))
    game = found[0][1]  # every rule the search needs is the same in every distribution

    def solve(states) -> bool:
        s0 = states[0]
        if target is None and sum(s0.tricks) > s0.tricks[d]:
            return False
        if target is not None and s0.points[d] >= target:
            return True
        if game.is_over(s0):
            return target is None
        if game.to_move(s0) == d:
            return any(solve([game.play(s, c) for s in states]) for c in game.legal(s0))
        cards = sorted({c for s in states for c in game.legal(s)})
        return all(solve([game.play(s, c) for s in states if c in game.legal(s)]) for c in cards)

    return solve([state for _, _, state in found])


def run_plan_everywhere(result, pos: Position, target: int | None) -> int:
    """Execute the plan in every distribution against every defence; returns the plays checked."""
    d = pos.declarer
    count = 0

    def explore(follower: PlanFollower, st) -> None:
        nonlocal count
        if st.finished:
            count += 1
            if target is None:
                assert st.tricks[d] == pos.n_tricks
            else:
                assert st.points[d] >= target
            return
        if st.to_move == d:
            card = follower.card()
            assert card in st.legal_cards()
            options = [card]
        else:
            options = st.legal_cards()
        for card in options:
            f, s = follower.copy(), st.copy()
            f.observe(st.to_move, card)
            s.play(card.index)
            explore(f, s)

    for deal, _, _ in distributions(pos):
        full = pos.with_deal(deal)
        explore(PlanFollower(result), full.state())
    return count


def few_distributions(positions, limit: int):
    """Positions whose shown voids leave at most ``limit`` distributions
    (so that every defence in every distribution can be played out)."""
    return [p for p in positions if sum(1 for _ in distributions(p)) <= limit]


@pytest.mark.slow
@pytest.mark.parametrize("seed,tricks_left,count,limit,n_seats", [
    (1, 2, 24, 90, 4), (7, 3, 40, 100, 4),
    (5, 3, 40, 100, 3), (6, 4, 15, 70, 3),  # Schafkopf for three: two defenders, 16 unseen cards
])
def test_tout_endings_agree_with_brute_force_double_dummy_and_plan_execution(seed, tricks_left, count, limit,
                                                                               n_seats):
    solver = Solver()
    seen = set()
    for pos in few_distributions(tout_endings(seed, count, tricks_left, n_seats), limit):
        result = guarantee(hidden(pos))
        assert result.guaranteed == brute_guaranteed(pos, None), pos.to_json()
        made = [solver.reaches(pos.with_deal(deal), pos.n_tricks) for deal, _, _ in distributions(pos)]
        if result.guaranteed:
            assert all(made)  # a guaranteed Tout is made double dummy in every distribution
            assert run_plan_everywhere(result, pos, None) > 0
        else:
            assert_tout_refuted(result)
        if not all(made):
            assert not result.guaranteed  # failing double dummy somewhere: never guaranteed
        seen.add((result.guaranteed, all(made)))
    assert (True, True) in seen and (False, False) in seen


@pytest.mark.slow
@pytest.mark.parametrize("seed,tricks_left,count,limit,n_seats", [
    (3, 2, 16, 90, 4), (4, 3, 20, 150, 4),
    (8, 3, 16, 90, 3), (9, 4, 8, 70, 3),  # Schafkopf for three
])
def test_points_endings_agree_with_brute_force_and_the_plan_reaches_the_target(seed, tricks_left, count, limit,
                                                                                 n_seats):
    checked = 0
    for pos in few_distributions(points_endings(seed, count, tricks_left, n_seats), limit):
        view = hidden(pos)
        sure = sure_points(view)
        assert brute_guaranteed(pos, sure)
        assert sure == 120 or not brute_guaranteed(pos, sure + 1)
        result = guarantee(view, sure)
        assert result.guaranteed and run_plan_everywhere(result, pos, sure) > 0
        if sure < 120:
            failed = guarantee(view, sure + 1)
            ref = failed.refutation
            assert not failed.guaranteed and ref.result <= sure
            _, st = replay_line(failed, ref.deal, ref.line)
            assert st.finished and st.points[pos.declarer] == ref.result
        checked += 1
    assert checked >= 3


def test_info_state_rejects_play_no_distribution_allows():
    data = hand_position("wenz", "EU GU HU SU EA E10 EK EO", 0, 1).to_json()
    # seats 2 and 3 show out of Gras, then of Herz: twelve Gras and Herz cards
    # are left for seat 1, who holds six
    data["play"] = ["GA", "SA", "S10", "EA", "HA", "SK"]
    info_state(Position.from_json(data, allow_hidden=True))  # still possible
    data["play"].append("S9")
    with pytest.raises(InputError, match="no distribution"):
        info_state(Position.from_json(data, allow_hidden=True))


def test_sampled_deals_respect_shown_voids_and_are_reproducible():
    pos = hand_position("solo", "EO GO HO SO EA E10 GA G10", 0, 0, trump="H")
    data = pos.to_json()
    data["play"] = ["EA", "GK", "E9", "E8"]  # seat 1 shows out of Eichel
    seen = Position.from_json(data, allow_hidden=True)
    info = info_state(seen)
    held_by_1 = set()
    for seed in range(20):
        deal = sample_deal(info, random.Random(seed))
        assert deal == sample_deal(info, random.Random(seed))
        assert sorted(len(h) for h in deal) == [8, 8, 8, 8]
        remaining = [c for c in deal[1] if str(c) != "GK"]
        assert not any(str(c) in ("EK", "E7") for c in remaining)  # the unseen Eichel
        held_by_1.update(str(c) for c in remaining)
        pos.with_deal(deal).with_play(seen.play).state()  # every card played is legal there
    assert len(held_by_1) > 7  # and the deals do differ


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


# ---------------------------------------------------------------------------
# The command
def run(*args):
    return CliRunner().invoke(main, ["tout", *args])


def test_cli_json_guaranteed_with_double_dummy_share():
    r = run("--contract", "wenz", "--hand", "EU GU HU EA E10 EK GA G10", "--seat", "0", "--leader", "0",
            "--samples", "3", "--seed", "2", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["guaranteed"] is True and "plan" in out and "refutation" not in out
    assert out["samples"] == 3 and out["dd_share"] == 1.0 and len(out["dd_interval"]) == 2
    assert r.output == run("--contract", "wenz", "--hand", "EU GU HU EA E10 EK GA G10", "--seat", "0",
                           "--leader", "0", "--samples", "3", "--seed", "2", "--json").output


def test_cli_text_refutation_and_points_target():
    r = run("--contract", "wenz", "--hand", "EU GU HU EA E10 EK GA G10", "--leader", "2")
    assert r.exit_code == 0 and "Guaranteed?" in r.output and "no (" in r.output
    r = run("--contract", "solo", "--trump", "H", "--hand", "EO GO HO SO EU GU HA H10", "--seat", "1",
            "--leader", "1", "--target", "91", "--json")
    out = json.loads(r.output)
    assert r.exit_code == 0 and out["question"] == "points" and out["guaranteed"] is True


def test_cli_three_players():
    args = ["--contract", "wenz", "--hand", "EU GU HU EA E10 EK GA G10", "--players", "3"]
    r = run(*args, "--json", "--samples", "4")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["guaranteed"] is True and len(out["position"]["deal"]) == 3 and out["samples"] == 4
    r = run(*args, "--leader", "2")
    assert r.exit_code == 0 and "no (" in r.output


@pytest.mark.parametrize("args,message", [
    (["--contract", "wenz", "--players", "3", "--seat", "3", "--hand", "EU GU HU EA E10 EK GA G10"],
     "--seat 3: the seats are 0..2 with 3 players"),
    (["--contract", "wenz", "--players", "3", "--leader", "3", "--hand", "EU GU HU EA E10 EK GA G10"],
     "--leader 3: the seats are 0..2 with 3 players"),
    (["--contract", "wenz", "--players", "3", "--hand", "EU GU HU EA E10 EK GA G8"],
     "G8 is not in the 24-card deck of Schafkopf for three"),
    (["--contract", "wenz", "--players", "3", "--hand", "EU GU HU EA E10 EK"], "3 players deals 8 cards"),
    (["--contract", "wenz", "--players", "5", "--hand", "EU GU HU EA E10 EK GA G10"], "--players"),
    (["--contract", "wenz", "--hand", "EU GU HU EA E10 EK GA"], "deals 8 cards"),
    (["--contract", "wenz", "--hand", "EU GU HU EA E10 EK GA QQ"], "unknown suit"),
    (["--contract", "wenz", "--hand", "EU EU HU EA E10 EK GA G10"], "twice"),
    (["--contract", "wenz", "--hand", "EU GU HU EA E10 G7"], "short deck"),
    (["--contract", "solo", "--hand", "EU GU HU EA E10 EK GA G10"], "needs --trump"),
    (["--contract", "wenz", "--trump", "H", "--hand", "EU GU HU EA E10 EK GA G10"], "takes no --trump"),
    (["--contract", "wenz", "--hand", "EU GU HU EA E10 EK", "--target", "130"], "0..120"),
    (["--contract", "sauspiel", "--hand", "EU GU HU EA E10 EK GA G10"], "sauspiel"),
    (["--contract", "wenz", "--hand", "EU GU HU SU EA E10 EK EO", "--max-nodes", "1", "--leader", "2"],
     "max-nodes"),
])
def test_cli_bad_input_is_one_line_with_status_2(args, message):
    r = run(*args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stichfest: error:") and message in lines[0]
