"""The Jass match of the other team ([JA] "+100 match"; docs/rules.md,
"Jass scoring"): a declaring team with 0 points has lost every trick only if
it could not take a trick of 0 points.  The analysis asks, the reference
searches the difference of the two teams' totals itself."""
from __future__ import annotations

import random

import pytest
from reference import reference_jass_net
from test_crosscheck import random_endgame

from stichfest import Position, Solver
from stichfest.analysis.evaluate import _HandJob, _outcome
from stichfest.analysis.scoring import Level, Tariff, jass_payout
from stichfest.analysis.single_dummy import final_level, final_payout, final_value
from stichfest.deals import random_position
from stichfest.weis import jass_weis


def _shut_out_endgame(rng: random.Random, contract: str, tricks_left: int) -> dict:
    """A random Jass ending in which the other team has won every trick so
    far: the declaring team plays low cards, the others high ones (a random
    one of the two lowest or highest), until a deal comes out that way."""
    while True:
        pos = random_position(rng, "jass", contract)
        st = pos.state()
        play = []
        while len(st.history) < 9 - tricks_left:
            legal = sorted(st.legal_cards(), key=lambda c: pos.table.strength[c.index]
                           + (100 if pos.table.follow_class[c.index] == 4 else 0))
            ours = st.to_move in pos.declaring_party
            card = rng.choice(legal[:2] if ours else legal[-2:])
            play.append(card)
            st.play(card.index)
        if all(w not in pos.declaring_party for _, _, w in st.history):
            return pos.with_play(tuple(play)).to_json()


@pytest.mark.slow
@pytest.mark.parametrize("contract", ["trump", "obenabe", "undeufe"])
def test_the_other_teams_match_as_the_reference(contract):
    rng = random.Random(f"their-match-{contract}")
    solver = Solver(tt_bits=14)
    job = _HandJob(None, 0, {}, Tariff())
    levels = []
    for _ in range(60):
        pos_json = _shut_out_endgame(rng, contract, 3 if contract == "trump" else 2)
        pos = Position.from_json(pos_json)
        level, payout, value = _outcome(solver, job, pos, {})
        # the payout less the Weis and Stöck: the difference of the two totals
        weis, stoeck = jass_weis(pos, multiplied=False)
        team = pos.declarer % 2
        net = payout - (weis[team] - weis[1 - team] + stoeck[team] - stoeck[1 - team])
        assert net == reference_jass_net(pos_json), pos_json
        levels.append((value, level))
    assert Level.LOST_SCHWARZ in [lv for v, lv in levels if v == 0]  # the other team's match


# Spades trump, seats 1/3 declaring, shut out for six tricks.  In the
# seventh (♦6 ♥8 ♦8 on the table) seat 1 must play the ♦9: it takes the
# trick, worth 0 points, and the last two go to the others.  0 points, but
# one trick: no match for the others (found by a search over shut-out
# endings; the reference confirms the difference of the totals, -157).
ZERO_POINT_TRICK = {
    "game": "jass", "contract": "trump", "trump": "S", "declarer": 1, "leader": 0,
    "deal": ["SJ S6 HA HJ H6 DA DQ DJ D8", "CA CQ C10 C8 C6 S10 HQ D9 D7", "CK CJ SK SQ S9 S8 HK DK D6",
             "C9 C7 SA S7 H10 H9 H8 H7 D10"],
    "play": ["SJ", "S10", "S9", "SA", "S6", "C6", "SK", "S7", "S8", "C7", "DA", "C8", "DK", "D10", "DJ",
             "D7", "HK", "H7", "HJ", "HQ", "CK", "C9", "DQ", "CQ", "D6", "H8", "D8"]}


def test_a_zero_point_trick_denies_the_match():
    pos = Position.from_json(ZERO_POINT_TRICK)
    level, payout, value = _outcome(Solver(), _HandJob(None, 0, {}, Tariff()), pos, {})
    assert (value, level) == (0, Level.LOST)
    net = jass_payout(Tariff(), pos, value, [0, 0], [0, 0], their_match=False)
    assert net == reference_jass_net(ZERO_POINT_TRICK) == -157  # not -257: the others have no match
    # a 0-point result reads as "no trick" only where no trick can be taken
    assert jass_payout(Tariff(), pos, 0, [0, 0], [0, 0], their_match=True) == -257


def test_a_played_hand_scores_the_match_by_its_tricks():
    """A finished record: the other team's match is read from the tricks,
    and the Weis are multiplied once with jass_multiplier."""
    rng = random.Random(9)
    case = ("jass", "trump", 4, False, False, None)
    shut_outs = 0
    for i in range(30):
        # every other hand: shut out so far, and the declaring team keeps playing its lowest card
        pos_json = _shut_out_endgame(rng, "trump", 2) if i % 2 else random_endgame(rng, case, 1)
        pos_json["rules"] = {"jass_multiplier": 2}
        pos = Position.from_json(pos_json)
        st = pos.state()
        while not st.finished:
            legal = st.legal_cards()
            low = min(legal, key=lambda c: (pos.table.follow_class[c.index] == 4, pos.table.strength[c.index]))
            card = low if i % 2 and st.to_move in pos.declaring_party else rng.choice(legal)
            pos_json["play"].append(str(card))
            st.play(card.index)
        pos = Position.from_json(pos_json)
        st = pos.state()
        value = final_value(pos, st)
        level = final_level(pos, st, value)
        shut_out = all(w not in pos.declaring_party for _, _, w in st.history)
        assert (level == Level.LOST_SCHWARZ) == shut_out
        shut_outs += shut_out
        if shut_out:  # 0 points and the other team's match: 157 + 100 against nothing
            assert jass_payout(Tariff(), pos, value, [0, 0], [0, 0], True) == 2 * -(157 + 100)

        weis, stoeck = jass_weis(pos, multiplied=False)
        team = pos.declarer % 2
        plain = final_payout(Tariff(), pos, level, value)
        no_weis = jass_payout(Tariff(), pos, value, [0, 0], [0, 0], shut_out)
        assert plain - no_weis == 2 * (weis[team] - weis[1 - team] + stoeck[team] - stoeck[1 - team])
    assert shut_outs >= 3


def test_solve_does_not_claim_the_match_after_a_zero_point_trick():
    import json

    from click.testing import CliRunner

    from stichfest.analysis.cli import main
    out = CliRunner().invoke(main, ["solve", "-"], input=json.dumps(ZERO_POINT_TRICK))
    assert out.exit_code == 0, out.output
    assert "only 0-point tricks, which deny the other team its match" in out.output
    assert "takes every trick" not in out.output
