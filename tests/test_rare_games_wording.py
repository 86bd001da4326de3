"""What a reviewer of the rarer games (Scharwenzel for 4, 6 and 8, Schafkopf
for three) found in the wording: each test failed before its fix.

Rules cited from docs/rules.md."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from stichfest import Position
from stichfest.analysis.cli import main
from stichfest.analysis.cli.text import describe_value
from stichfest.analysis.puzzle import generate

SCHARWENZEL = Position.from_json({
    "game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 0, "leader": 0,
    "deal": ["CQ C7 SQ CJ SJ HJ DJ CA", "CK C10 C9 C8 SA SK S10 S9", "S8 S7 HA HK HQ H10 H9 H8",
             "H7 DA DK DQ D10 D9 D8 D7"], "play": []})


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout + r.stderr


@pytest.mark.parametrize("tricks, words", [
    (8, "majority, every trick (a Tout: the game and a Haken)"),
    (5, "majority"),
    (4, "equal tricks: Bock"),
    (3, "minority: the other party scores"),
    (0, "the other party takes every trick (its Tout: the game and a Haken)"),
])
def test_scharwenzel_value_says_who_scores(tricks, words):
    """docs/rules.md "Majority and Bock", "Scharwenzel scoring": the party
    with the majority scores; every trick is a Tout with its Haken, for
    either party."""
    assert describe_value(SCHARWENZEL, tricks).endswith(f"of 8 tricks — {words}")


def test_a_puzzle_question_names_the_trump_suit():
    (p,) = generate("scharwenzel", "trump", tricks=3, count=1, seed=1, players=6)
    assert p.question().startswith(p.position.spec.title + ",") and "Trumpf " in p.question()


@pytest.mark.parametrize("args, words, not_words", [
    (["--passed", "3"], "bidding is not modelled", "has no such passing"),
    (["--outbid", "1:trump-H"], "bidding is not modelled", "has none"),
    (["--declarer", "1", "--contract", "trump-H"], "Schafkopf only", "Schieben"),
])
def test_scharwenzel_bidding_errors_say_what_is_not_modelled(args, words, not_words):
    code, out = run("analyze", "--game", "scharwenzel", "--hand", "CQ H7 SJ HA HK C9 DA D10", "--samples", "2",
                    *args)
    assert code == 2 and words in out and not_words not in out


def test_three_player_errors_offer_no_sauspiel():
    code, out = run("analyze", "--players", "3", "--hand", "EO GO HO EU GU HA H10 EA", "--outbid", "1:sauspiel")
    assert code == 2 and "sauspiel-G" not in out and "e.g. wenz, solo-E, wenz-tout" in out
    code, out = run("puzzle", "--players", "3", "--contract", "trump")
    assert code == 2 and "(contracts: solo, wenz, geier, farbwenz, farbgeier)" in out


def test_rule_variants_in_force_are_shown():
    """A rule variant changes answers; the output says which are in force."""
    code, out = run("analyze", "--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--samples", "2",
                    "--contracts", "trump-H", "--rule", "weis_sequence_cap=true", "--workers", "1")
    assert code == 0 and "Rule variants: weis_sequence_cap=true" in out
    code, out = run("analyze", "--game", "jass", "--hand", "HJ H9 HA HK S10 SA CA D6 D7", "--samples", "2",
                    "--contracts", "trump-H", "--rule", "weis_sequence_cap=true", "--workers", "1", "--json")
    import json
    assert json.loads(out)["rules"] == {"weis_sequence_cap": True}
    passed = Position.from_json({**SCHARWENZEL.to_json(), "rules": {"scharwenzel_passed": True}})
    from stichfest.analysis.cli.text import render_position
    assert "Rule variants: scharwenzel_passed=true" in render_position(passed)
    assert "Rule variants" not in render_position(SCHARWENZEL)


def test_numbers_of_players_read_as_a_list():
    from stichfest import PositionError
    with pytest.raises(PositionError, match=r"is played by 4, 6 or 8 players"):
        Position.from_json({"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 0, "leader": 0,
                            "deal": ["CQ C7 SQ", "CK C10 C9", "S8 S7 HA"], "play": []})


def test_the_short_deck_is_named():
    """docs/rules.md "Short deck (Kurze Karte)": a six-card hand is the short deck, and the headers say so."""
    code, out = run("analyze", "--hand", "EO GO HA H10 EA EK", "--samples", "2", "--contracts", "solo-H",
                    "--play", "double-dummy", "--workers", "1")
    assert code == 0 and out.startswith("Schafkopf (short deck): seat 0 announces")
    from stichfest.analysis.cli.text import render_position
    short = Position.from_json({"game": "schafkopf", "contract": "solo", "trump": "H", "declarer": 0, "leader": 0,
                                "deal": ["EO GO HA H10 EA EK", "HO SO HK H9 E10 E9", "EU GU GA G10 GK G9",
                                         "HU SU SA S10 SK S9"], "play": []})
    assert render_position(short).startswith("Schafkopf Herz-Solo (short deck); declarer seat 0")


def test_a_finished_game_has_no_player_to_move():
    from test_scharwenzel_scoring import MORE_TRICKS_LESS_SCORE
    play = ["SA", "S8", "H8", "S7", "HK", "HQ", "CA", "H7", "CQ", "C9", "CK", "C8", "C7", "HJ", "C10", "CJ", "SQ",
            "DJ", "H9", "SJ", "DK", "SK", "DQ", "DA", "D10", "D9", "HA", "S10", "D7", "D8", "H10", "S9"]
    import json
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 1, "leader": 1,
                   "deal": MORE_TRICKS_LESS_SCORE, "play": play}, f)
    code, out = run("analyze", f.name, "--workers", "1")
    assert code == 0 and "player to move" not in out and "every card is played" in out
    assert "Position: tricks 6" in out


def test_scharwenzel_star_counts_bock_between_win_and_loss():
    """docs/rules.md "Majority and Bock": equal tricks score 0, above the minority's loss."""
    import numpy as np

    from stichfest.analysis.midgame import PositionAnalysis
    cards = list(SCHARWENZEL.state().legal_cards())[:2]
    bock, risky = cards
    moves = {bock: np.array([4.0, 4, 4, 4]), risky: np.array([5.0, 3, 3, 3])}
    a = PositionAnalysis(SCHARWENZEL, 0, 5, 0, np.array([5.0] * 4), moves)
    assert a.best_move() == bock


def test_play_both_on_a_known_deal_keeps_its_play_outs(tmp_path):
    """One exact double-dummy solve, but the single-dummy play-outs of --play both vary from copy to copy:
    they keep the samples asked (up to their budget)."""
    import json

    from test_scharwenzel_scoring import MORE_TRICKS_LESS_SCORE
    f = tmp_path / "p.json"
    f.write_text(json.dumps({"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 1, "leader": 1,
                             "deal": ["?"] + MORE_TRICKS_LESS_SCORE[1:], "play": []}))
    code, out = run("analyze", str(f), "--play", "both", "--worlds", "2", "--samples", "3", "--json",
                    "--workers", "1")
    data = json.loads(out)
    assert code == 0 and data["exact"] and data["samples"] == 1 and data["single_dummy"]["samples"] == 3


def test_scharwenzel_passed_names_what_it_rules_out():
    code, out = run("analyze", "--game", "scharwenzel", "--hand", "CQ C7 CA CK C10 HA DA SA", "--rule",
                    "scharwenzel_passed=true", "--contracts", "trump-H", "--samples", "2")
    assert code == 2 and "with scharwenzel_passed everyone passed, so only the clubs game is played, not trump-H" in out
    code, out = run("analyze", "--game", "scharwenzel", "--hand", "CQ C7 CA CK C10 HA DA SA", "--rule",
                    "scharwenzel_passed=true", "--contracts", "trump-C", "--samples", "2", "--play", "double-dummy",
                    "--workers", "1")
    assert code == 0 and "Trumpf Kreuz" in out and "Tout" not in out


def test_a_sie_alone_still_says_its_rule_variants():
    import json
    code, out = run("analyze", "--hand", "EO GO HO SO EU GU HU SU", "--rule", "davonlaufen_min=3", "--json")
    assert code == 0 and json.loads(out)["rules"] == {"davonlaufen_min": 3}


def test_kontra_with_factor_one_gains_nothing():
    code, out = run("analyze", "--hand", "EA E10 GK G9 HA H9 S10 S8", "--seat", "0", "--declarer", "2",
                    "--contract", "solo-E", "--samples", "4", "--play", "double-dummy", "--tariff-set",
                    "kontra_factor=1", "--workers", "1")
    assert code == 0 and "so it gains nothing: its factor is 1." in " ".join(out.split())


def test_a_shared_toml_file_serves_tariff_and_announce_rule(tmp_path):
    shared = tmp_path / "table.toml"
    shared.write_text('[tariff]\nsolo = 60\n\n[[announce]]\ncontract = "solo"\nmin_trumps = 5\n')
    code, out = run("analyze", "--hand", "EO GO HO SO EU GU HU SU", "--seat", "2", "--passed", "0,1",
                    "--tariff", str(shared), "--announce-rule", str(shared), "--samples", "2", "--json")
    assert code == 0, out
