"""Scharwenzel scoring (docs/rules.md, "Scharwenzel scoring"): the game, the
Matadoren, "für die ersten", the Tout's Haken and Bock, as the analysis
scores an open-hand deal and as a played hand is scored, against the
reference's exhaustive search of the payout itself."""
from __future__ import annotations

import json
import random

import pytest
from reference import reference_scharwenzel_payout
from test_crosscheck import random_endgame
from test_first_tricks import run_alive_endgame

from stichfest import Position, Solver
from stichfest.analysis.evaluate import _scharwenzel_level, scharwenzel_optimal_level
from stichfest.analysis.review import review_game
from stichfest.analysis.scoring import Level, Tariff, scharwenzel_payout
from stichfest.analysis.single_dummy import final_level, final_payout, final_value

TARIFF = Tariff()


@pytest.mark.slow
@pytest.mark.parametrize("seats,tricks_left,deals,open_run", [
    (8, 3, 6, False), (6, 3, 40, False), (4, 4, 30, False), (4, 3, 40, False),
    (6, 3, 25, True), (4, 4, 25, True)])
def test_open_hand_payout_matches_the_reference(seats, tricks_left, deals, open_run):
    """Endings whose first tricks are partly played already (at 8 seats one
    trick of the 4, the majority 3): the reference searches every card.
    ``open_run``: one party has won every trick so far, so whether it takes
    the first tricks is still open (the first-tricks search decides)."""
    rng = random.Random(100 * seats + tricks_left + open_run)
    case = ("scharwenzel", "trump", seats, False, False, None)
    solver = Solver(tt_bits=14)
    seen = set()
    for _ in range(deals):
        if open_run:
            pos_json, _ = run_alive_endgame(rng, case, tricks_left)
        else:
            pos_json = random_endgame(rng, case, tricks_left)
        pos_json["play"] = pos_json["play"][:len(pos_json["play"]) - len(pos_json["play"]) % seats]
        pos = Position.from_json(pos_json)
        want = reference_scharwenzel_payout(pos_json)
        level = _scharwenzel_level(solver, pos)  # by threshold queries (a hand's level)
        assert scharwenzel_payout(TARIFF, pos, level) == want, pos_json
        assert scharwenzel_optimal_level(pos, solver.value(pos)) == level  # from the exact trick count
        seen.add(level)
    if open_run:
        assert Level.WON_SCHNEIDER in seen or Level.LOST_SCHNEIDER in seen  # "für die ersten" is met
    assert len(seen) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("seats,tricks_left,deals", [(8, 3, 8), (6, 3, 30), (4, 4, 30)])
def test_announced_tout_matches_the_reference(seats, tricks_left, deals):
    """[SW] "announced Tout: game points plus 2 Haken, failed: opponents get 4"."""
    rng = random.Random(300 + seats)
    case = ("scharwenzel", "trump", seats, False, True, None)
    solver = Solver(tt_bits=14)
    seen = set()
    for i in range(deals):
        while True:  # half of them: the declaring party has won every trick so far (a Tout still open)
            pos_json = random_endgame(rng, case, tricks_left)
            pos = Position.from_json(pos_json)
            if i % 2 or all(w in pos.declaring_party for _, _, w in pos.state().history):
                break
        assert pos.tout
        level = _scharwenzel_level(solver, pos)
        want = reference_scharwenzel_payout(pos_json)
        assert scharwenzel_payout(TARIFF, pos, level) == want, pos_json
        assert scharwenzel_optimal_level(pos, solver.value(pos)) == level
        seen.add(want)
    assert -4 in seen and seen - {-4} <= {2 + 48, 4 + 48} and len(seen) >= 2  # failed, and made (game + 2 Haken)


def test_announced_tout_scores():
    tout = Position.from_json({"game": "scharwenzel", "contract": "trump", "trump": "C", "tout": True,
                               "declarer": 0, "leader": 0, "deal": EXAMPLE})
    assert tout.spec.title == "Trumpf Kreuz Tout" and tout.spec.id == "trump-C-tout"
    assert scharwenzel_payout(TARIFF, tout, Level.WON_SCHWARZ) == 4 + 2 * 24  # game and two Haken
    assert scharwenzel_payout(TARIFF, tout, Level.LOST) == -4  # the others get 4, whatever the game
    heart = Position.from_json(dict(tout.to_json(), trump="H"))
    assert scharwenzel_payout(TARIFF, heart, Level.WON_SCHWARZ) == 2 + 48
    assert scharwenzel_payout(TARIFF, heart, Level.LOST) == -4
    assert scharwenzel_payout(TARIFF.with_settings({"scharwenzel_tout_failed": 6}), heart, Level.LOST) == -6
    # unannounced, the same tricks score the game and one Haken
    assert scharwenzel_payout(TARIFF, _example(), Level.WON_SCHWARZ) == 4 + 24


@pytest.mark.slow
def test_played_hands_score_as_the_reference():
    """A finished record is scored by its tricks in order (single_dummy.final_*)."""
    rng = random.Random(7)
    levels = set()
    for seats, tout in ((4, False), (6, False), (8, False), (4, True), (8, True)):
        case = ("scharwenzel", "trump", seats, False, tout, None)
        for _ in range(40):
            pos_json = random_endgame(rng, case, 1)
            st = Position.from_json(pos_json).state()
            while not st.finished:  # the last cards at random too
                card = rng.choice(st.legal_cards())
                pos_json["play"].append(str(card))
                st.play(card.index)
            pos = Position.from_json(pos_json)
            value = final_value(pos, st)
            level = final_level(pos, st, value)
            assert final_payout(TARIFF, pos, level, value) == reference_scharwenzel_payout(pos_json), pos_json
            levels.add(level)
    assert {Level.WON_SCHNEIDER, Level.LOST_SCHNEIDER, Level.WON, Level.LOST} <= levels


# The worked example of source 002, as RULES.md gives it: clubs won the
# bidding, the party took the first five tricks holding 4 Matadoren:
# 4 + 2 + 4 = 10.  Seats 0/2 hold the Olsch (CQ), the Nillje (C7), the
# Basta (SQ) and CJ; seat 1 holds the SJ, which ends the run at four.
EXAMPLE = ["CQ C7 CA CK C10 HA DA SA", "SJ HJ DJ C9 C8 H7 D7 S7",
           "SQ CJ HK HQ H10 DK DQ SK", "H9 H8 D10 D9 D8 S10 S9 S8"]


def _example(play=()):
    return Position.from_json({"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 0,
                               "leader": 0, "deal": EXAMPLE, "play": list(play)})


def test_the_worked_example_scores_ten():
    pos = _example()
    assert scharwenzel_payout(TARIFF, pos, Level.WON_SCHNEIDER) == 4 + 2 + 4
    assert scharwenzel_payout(TARIFF, pos, Level.WON) == 4 + 4  # the majority, not the first five
    assert scharwenzel_payout(TARIFF, pos, Level.WON_SCHWARZ) == 4 + 24  # a Tout: game and Haken only
    assert scharwenzel_payout(TARIFF.with_settings({"scharwenzel_ersten": 3}), pos, Level.WON_SCHNEIDER) == 11
    # [SW] "every number is a variant": two points a Matador, or Matadoren from 5 on
    assert scharwenzel_payout(TARIFF.with_settings({"scharwenzel_matador": 2}), pos, Level.WON_SCHNEIDER) == 14
    assert scharwenzel_payout(TARIFF.with_settings({"matadoren_from": 5}), pos, Level.WON_SCHNEIDER) == 6
    # everyone passed (clubs trump by default): the game is worth 2 (docs/rules.md "Scharwenzel scoring")
    assert scharwenzel_payout(TARIFF.with_settings({"scharwenzel_game_clubs": 2}), pos, Level.WON) == 2 + 4
    passed = Position.from_json({**pos.to_json(), "rules": {"scharwenzel_passed": True}})
    assert scharwenzel_payout(TARIFF, passed, Level.WON_SCHNEIDER) == 2 + 2 + 4
    assert scharwenzel_payout(TARIFF, passed, Level.WON_SCHWARZ) == 2 + 24
    assert scharwenzel_payout(TARIFF, passed, Level.LOST) == -2


def test_everyone_passed_is_a_clubs_game_without_a_tout():
    """[SW] "if all pass, clubs is trump at a lower value": the rule is for a
    clubs game only, and nobody announced a Tout; the analysis then plays
    the clubs game alone."""
    from stichfest import PositionError
    from stichfest.analysis.evaluate import evaluate_hand
    data = {**_example().to_json(), "rules": {"scharwenzel_passed": True}}
    for bad in ({"trump": "H"}, {"tout": True}):
        with pytest.raises(PositionError, match="when everyone passes, clubs is trump"):
            Position.from_json({**data, **bad})
    a = evaluate_hand("scharwenzel", EXAMPLE[0], 0, 0, samples=6, seed=1, rules={"scharwenzel_passed": True},
                      points=False)
    assert [r.spec.id for r in a.results] == ["trump-C"]
    clubs = evaluate_hand("scharwenzel", EXAMPLE[0], 0, 0, samples=6, seed=1, contracts=["trump-C"], points=False)
    game = next(r for r in clubs.results if r.spec.id == "trump-C")  # its Tout is listed beside it
    # the same deals and levels, the game worth 2 where it was 4
    assert (a.results[0].levels == game.levels).all()
    assert set(game.payouts - a.results[0].payouts) <= {2.0, -2.0}


def test_the_worked_example_played():
    """0/2 take the first five tricks and lose the sixth: 10."""
    line = ("CA C9 CJ S10  SK S9 SA S7  CK C8 SQ S8  HK H9 HA H7  CQ SJ HQ H8  "
            "C10 HJ H10 D10  DJ DK D9 C7  DA D7 DQ D8").split()
    pos = _example(line)
    st = pos.state()
    assert [w for _, _, w in st.history] == [2, 0, 2, 0, 0, 1, 0, 0]
    level = final_level(pos, st, final_value(pos, st))
    assert level == Level.WON_SCHNEIDER
    assert final_payout(TARIFF, pos, level, 7) == 10
    # the same hand had one of the first five gone to the other party: 8
    assert scharwenzel_payout(TARIFF, pos, Level.WON) == 8


# Seat 0 leads for the party 0/2 (clubs trump): every card but HK keeps 6
# tricks, but ♠10 and H7 give up one of the first five (found by search,
# checked by the review below).
FIRST_TRICKS_DEAL = ["C9 C7 S10 HK HJ H7 DA D8", "CA CK C10 SQ S9 S8 HA D10",
                     "CQ CJ SK SJ S7 H9 DK DJ", "C8 SA HQ H10 H8 DQ D9 D7"]


@pytest.mark.parametrize("card,mark,played", [("C9", None, "won_first_tricks"), ("S10", "??", "won")])
def test_review_marks_a_card_that_gives_up_the_first_tricks(card, mark, played):
    """A card of the best trick count can still cost "für die ersten": the
    review compares the levels of every card, not only of the best ones."""
    record = {"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 2, "leader": 0,
              "deal": FIRST_TRICKS_DEAL, "play": [card]}
    first = review_game(record).to_json()["plays"][0]
    assert first["cost"] == 0 and first["mark"] == mark
    assert first["level"]["best"] == "won_first_tricks" and first["level"]["played"] == played
    assert first["level"]["best_name"] == "majority, the first tricks"


# Seat 1 leads for the party 1/3 (clubs trump): S10 and S9 take 7 tricks
# without the first five (4 + 3 Matadoren = 7), SA takes 6 with them (4 + 2
# + 3 = 9).  Tricks beyond the majority pay nothing ([SW] scoring).
MORE_TRICKS_LESS_SCORE = ["S7 HA C9 H7 HJ SK DJ H10", "H9 SA S10 CK HK C10 S9 DQ",
                          "D7 D10 CJ SJ S8 HQ C8 DA", "D8 DK SQ C7 CQ H8 D9 CA"]


@pytest.mark.parametrize("card,mark,played", [("SA", None, "won_first_tricks"), ("S10", "??", "won")])
def test_review_judges_by_the_level_not_the_tricks(card, mark, played):
    """Counted in tricks, only the level pays: the card of fewer tricks that
    keeps the first tricks is the best one, and the card of most tricks is
    marked for the level it gives up."""
    record = {"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 1, "leader": 1,
              "deal": MORE_TRICKS_LESS_SCORE, "play": [card]}
    review = review_game(record)
    first = review.to_json()["plays"][0]
    assert first["best"] == ["SA"] and first["mark"] == mark and first["level"]["played"] == played
    assert first["values"]["S10"] == 7 and first["values"]["SA"] == 6
    assert first["cost"] == 7 - first["values"][card]  # the tricks given up, as the value counts them
    assert review.value == 7  # the double-dummy value is the most tricks, whichever card is best
    pos = Position.from_json(record)
    assert scharwenzel_payout(TARIFF, pos, Level.WON_SCHNEIDER) == 9 > scharwenzel_payout(TARIFF, pos, Level.WON)


def test_review_text_says_the_first_tricks():
    """The trick count does not show "für die ersten": the summary lines say it."""
    from stichfest.analysis.cli.review import render_review, render_review_html
    play = ["SA", "S8", "H8", "S7", "HK", "HQ", "CA", "H7", "CQ", "C9", "CK", "C8", "C7", "HJ", "C10", "CJ", "SQ",
            "DJ", "H9", "SJ", "DK", "SK", "DQ", "DA", "D10", "D9", "HA", "S10", "D7", "D8", "H10", "S9"]
    record = {"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 1, "leader": 1,
              "deal": MORE_TRICKS_LESS_SCORE, "play": play}
    review = review_game(record)
    text = render_review(review)
    assert "7 of 8 tricks — majority; the best outcome: majority, the first tricks" in text
    page = render_review_html(review)  # the page's summary says the same
    assert "majority; the best outcome: majority, the first tricks; as played" in page
    assert "As played: declaring party 6 of 8 tricks — majority; the outcome: majority, the first tricks" in text
    assert "No card marked." in text


def test_a_lost_tout_marks_no_trick():
    """A Tout lost already: every further trick pays nothing, so no card is marked."""
    record = {"game": "schafkopf", "contract": "solo", "trump": "H", "tout": True, "declarer": 0, "leader": 0,
              "deal": ["EO GO HO SO HA H10 EA EK", "EU GU HU SU H9 HK E10 G9", "GA G10 GK SK S9 SA S10 E9"],
              "play": ["EK", "E10", "E9", "EU", "GA", "EO", "GO", "GU", "G10", "HO", "HU", "GK", "SO", "HK", "SA",
                       "HA", "SU", "S10", "G9", "SK", "H10", "EA", "H9", "S9"]}
    review = review_game(record)
    assert review.marked() == []
    ek = review.plays[0]
    assert str(ek.card) == "EK" and ek.cost >= 1 and ek.mark is None  # a trick given up, the Tout already gone


def test_solve_says_whether_the_announced_tout_is_made():
    from click.testing import CliRunner

    from stichfest.analysis.cli import main
    pos = dict(_example().to_json(), tout=True)
    out = CliRunner().invoke(main, ["solve", "--no-pv", "-"], input=json.dumps(pos))
    assert out.exit_code == 0, out.output
    assert "declaring party 7 of 8 tricks — Tout lost" in out.output  # seat 1's SJ takes a trick


def test_level_names_in_json():
    """The first-tricks levels keep their Scharwenzel name wherever JSON shows a level."""
    from stichfest.analysis.scoring import level_key
    from stichfest.analysis.single_dummy import PlayOut
    pos = _example()
    assert level_key(pos, Level.WON_SCHNEIDER) == "won_first_tricks"
    assert level_key(pos, Level.LOST_SCHNEIDER) == "lost_first_tricks"
    assert level_key(pos, Level.WON) == "won" and level_key(pos, None) is None
    assert PlayOut(pos, (), 6, Level.WON_SCHNEIDER, 10.0, 0).to_json()["level"] == "won_first_tricks"
    # and Python has the same names: aliases of the ladder's rungs, not new levels
    assert Level.WON_FIRST_TRICKS is Level.WON_SCHNEIDER and Level.LOST_FIRST_TRICKS is Level.LOST_SCHNEIDER
    assert level_key(pos, Level.WON_FIRST_TRICKS) == "won_first_tricks" and len(Level) == 7


# Seat 0 holds the seven top trumps (clubs) and ♦7: trumps first take the
# first five tricks in every deal; ♦7 first mostly loses the first trick.
TOP_SEVEN_DEAL = ["CQ C7 SQ CJ SJ HJ DJ D7", "DA DK DQ D10 D9 D8 HA HK", "SA SK S10 S9 S8 S7 HQ H10",
                  "CA CK C10 C9 C8 H9 H8 H7"]


@pytest.mark.parametrize("card,mark", [("D7", "??"), ("CQ", None)])
def test_information_review_sees_the_first_tricks(card, mark):
    """[SW] "+2 für die ersten", judged from the player's information: the
    estimate compares each sampled deal's exact level, so leading ♦7 keeps
    its "??" though it takes as many tricks on average (more, by a hair:
    the partner sometimes wins the ♦ trick)."""
    record = {"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 0, "leader": 0,
              "deal": TOP_SEVEN_DEAL, "play": [card]}
    play = review_game(record, information=True, samples=40, seed=1).plays[0]
    info = play.information
    assert play.mark == mark and info.mark == mark
    assert str(info.level_best) != "D7" and info.to_json()["level_best"] == str(info.level_best)
    assert info.cost <= 1.96 * info.stderr  # the value alone cannot tell
    if card == "D7":
        assert info.level_cost > 1.96 * info.level_stderr
