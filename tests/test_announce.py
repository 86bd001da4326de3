"""Seats that passed and the announce rule ([SK] Announce rule of docs/rules.md):
the rule's clauses, the TOML file, and the sampler's rejection (exact uniformity)."""
from __future__ import annotations

import itertools
import json
import pickle
import random
from collections import Counter
from math import sqrt

import pytest
from click.testing import CliRunner

from stichfest import Position
from stichfest.analysis import single_dummy
from stichfest.analysis.announce import (
    DEFAULT_RULE,
    AnnounceRule,
    Clause,
    PassedHand,
    bidding_predicates,
    load_announce_rule,
    with_predicates,
)
from stichfest.analysis.cli import main
from stichfest.analysis.defence import contract_of
from stichfest.analysis.errors import InputError
from stichfest.analysis.evaluate import evaluate_hand
from stichfest.analysis.sampling import MAX_DRAWS, Constraints, DealSampler
from stichfest.cards import parse_cards
from stichfest.deals import deck, random_deal

MIDDLING = "EO HO GU EA E10 GA G10 S7"


def announces(hand, players=4, rule=DEFAULT_RULE):
    return rule.announces(parse_cards(hand), players)


# ---------------------------------------------------------------------------
# The default rule, clause by clause
@pytest.mark.parametrize("hand, why", [
    ("EO GO HA H10 E7 G7 S7 S8", "Sauspiel: 4 trumps, 2 of them Ober, a Sau to call"),
    ("HU SU HA H10 H9 E7 G7 S8", "Sauspiel: 5 trumps"),
    ("SU HU H9 H8 H7 HK EA GA", "Solo: 6 Herz-Solo trumps"),
    ("EU GU SU EA E10 G7 S7 S8", "Wenz: 3 Unter and a Sau"),
    ("EO GO HO SO EA GA SA E7", "the four Ober (no Sau to call: a Geier)"),
])
def test_default_rule_announces(hand, why):
    """[SK] Announce rule: each clause of the default."""
    assert announces(hand), why


@pytest.mark.parametrize("hand, why", [
    ("EO GO HO HU H7 EA GA SA", "5 trumps but every Sau held: no Sauspiel; no 6 trumps, 1 Unter, 3 Ober"),
    ("EO HU HA H10 E7 G7 S7 S8", "4 trumps, only 1 Ober"),
    ("EU GU SU E10 EK G7 S7 S8", "3 Unter, no Sau"),
    ("EO GO HO EA GA G10 SK S7", "3 Ober, 3 Sauspiel trumps, at most 5 of any Solo"),
])
def test_default_rule_passes(hand, why):
    """[SK] Announce rule: hands just short of every clause pass."""
    assert not announces(hand), why


def test_no_sauspiel_clause_for_three():
    """[SK] Schafkopf for three has no Sauspiel, so its clauses never hold there."""
    hand = "EO GO HA H10 E9 G9 S9 SK"  # 4 trumps, 2 Ober, callable Sauen
    assert announces(hand, 4) and not announces(hand, 3)
    # and the rule in words leaves them out there
    assert DEFAULT_RULE.describe(4).startswith("sauspiel with 5 trumps")
    assert "sauspiel" not in DEFAULT_RULE.describe(3) and DEFAULT_RULE.describe(3).startswith("solo with 6")
    out = CliRunner().invoke(main, ["analyze", "--hand", "EO GO HO EU HA H10 HK EA", "--players", "3",
                                    "--seat", "1", "--passed", "0", "--samples", "4", "--workers", "1",
                                    "--play", "double-dummy", "--no-points"])
    assert out.exit_code == 0, out.stderr
    said = " ".join(out.stdout.split())
    assert "Seat 0 passed: no deal gives it a hand" in said and "sauspiel" not in said.lower()


def test_a_clause_is_all_its_minimums():
    rule = AnnounceRule((Clause("farbwenz", min_trumps=5, min_sau=2),))
    assert announces("EU GU EA E10 EK GA S7 S8", rule=rule)  # Eichel-Farbwenz: EU GU EA E10 EK
    assert not announces("EU GU EA E10 EK G7 S7 S8", rule=rule)  # one Sau only
    assert not announces("EU GU EA E10 GA G7 S7 S8", rule=rule)  # 4 trumps in the best suit


# ---------------------------------------------------------------------------
# The sampler: rejected deals never come, the rest stay uniform
def test_sampled_deals_give_a_passed_seat_no_hand_it_would_announce():
    """[SK] Announce rule: a seat that passed holds no such hand, in every sampled deal."""
    known = bidding_predicates("schafkopf", 4, (0, 1), None, declarer=2, viewer=2)
    assert set(known) == {0, 1}
    sampler = DealSampler.for_hand("schafkopf", 2, parse_cards(MIDDLING), with_predicates(None, known))
    plain = DealSampler.for_hand("schafkopf", 2, parse_cards(MIDDLING))
    deals = [sampler.sample(5, i) for i in range(300)]
    assert not any(DEFAULT_RULE.announces(d[s], 4) for d in deals for s in (0, 1))
    # without the passes the same seats often hold such hands: the test can fail
    free = [plain.sample(5, i) for i in range(300)]
    assert sum(DEFAULT_RULE.announces(d[s], 4) for d in free for s in (0, 1)) > 60
    assert pickle.loads(pickle.dumps(sampler)).sample(5, 7) == deals[7]  # workers get the same deals


def test_rejection_is_uniform_over_the_deals_left():
    """Six unseen cards, three to each of seats 1 and 2 (20 deals); seat 1 passed.
    The accepted deals, counted by enumeration, come equally often (chi-square)."""
    cards = deck("schafkopf")
    fixed = [parse_cards("EA E10 EK E9 GK G9 SA S10"), parse_cards("EO GU H9 G7 G8"),
             parse_cards("EU HU SU H8 H7"), parse_cards("E7 G10 GO H10 HK SK S8 S7")]
    unseen = [c for c in cards if not any(c in f for f in fixed)]
    assert len(unseen) == 6
    test = PassedHand(DEFAULT_RULE, 4, 1)
    accepted = set()
    for three in itertools.combinations(unseen, 3):
        hand = tuple(sorted(fixed[1] + list(three)))
        if test(hand):
            accepted.add(hand)
    assert 2 <= len(accepted) < 20  # the rule rejects some deals and keeps several
    sampler = DealSampler(cards, 4, 8, fixed, predicates={1: test})
    draws = 4000
    counts = Counter(sampler.sample(11, i)[1] for i in range(draws))
    assert set(counts) == accepted
    expect = draws / len(accepted)
    chi2 = sum((counts[h] - expect) ** 2 / expect for h in accepted)
    df = len(accepted) - 1
    z = 3.09  # upper 0.1 % of the normal; Wilson-Hilferty for the chi-square quantile
    limit = df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3
    assert chi2 < limit


def test_an_impossible_rule_stops_with_a_message_naming_the_passes():
    everything = AnnounceRule((Clause("solo"),), "everything.toml")
    with pytest.raises(InputError, match=r"the constraints may be impossible; seat 0 passed, and the "
                                         r"announce rule \(everything.toml\) may leave it no hand") as e:
        evaluate_hand("schafkopf", MIDDLING, 2, 0, samples=2, passed=(0,), announce_rule=everything,
                      contracts=["geier"], play="double-dummy")
    assert f"{MAX_DRAWS} draws" in str(e.value) and "\n" not in str(e.value)


def test_passed_seats_checked():
    for passed, message in [((2,), "passed seat 2: the viewer announces, so it did not pass"),
                            ((4,), "passed seat 4: seats are 0..3")]:
        with pytest.raises(InputError, match=message):
            bidding_predicates("schafkopf", 4, passed, None, declarer=2, viewer=2)
    with pytest.raises(InputError, match="Schafkopf"):
        bidding_predicates("jass", 4, (1,), None, declarer=0, viewer=0)
    # the bidding starts at the leader: seat 3 bids after seat 2 when seat 0 leads, before him when seat 3 does
    with pytest.raises(InputError, match="passed seat 3 bids after seat 2, who announced"):
        bidding_predicates("schafkopf", 4, (0, 3), None, declarer=2, viewer=2, leader=0)
    assert set(bidding_predicates("schafkopf", 4, (0, 3), None, declarer=2, viewer=2, leader=3)) == {0, 3}
    # the viewer's own pass (before another declarer) is public only with a hand that passes the rule
    assert set(bidding_predicates("schafkopf", 4, (0, 1), None, declarer=2, viewer=0)) == {1}
    weak, strong = parse_cards("EO HU HA H10 E7 G7 S7 S8"), parse_cards("EO GO HO SO EA GA SA E7")
    assert set(bidding_predicates("schafkopf", 4, (0, 1), None, declarer=2, viewer=0, hand=weak)) == {0, 1}
    assert set(bidding_predicates("schafkopf", 4, (0, 1), None, declarer=2, viewer=0, hand=strong)) == {1}


def test_predicates_merge_with_the_users():
    def _mine(hand):
        return True

    merged = with_predicates(Constraints(predicates={1: _mine}), {1: PassedHand(DEFAULT_RULE, 4, 1)})
    assert merged.predicates[1](tuple(parse_cards("EO GO HO SO EA GA SA E7"))) is False
    assert merged.predicates[1](tuple(parse_cards("EO HU HA H10 E7 G7 S7 S8"))) is True


# ---------------------------------------------------------------------------
# The rule file
def test_rule_file_replaces_the_default(tmp_path):
    f = tmp_path / "rule.toml"
    f.write_text('[[announce]]\ncontract = "solo"\nmin_trumps = 7\n\n'
                 '[[announce]]\ncontract = "wenz"\nmin_unter = 4\n')
    rule = load_announce_rule(str(f))
    assert rule.clauses == (Clause("solo", min_trumps=7), Clause("wenz", min_unter=4))
    assert not announces("SU HU H9 H8 H7 HK EA GA", rule=rule) and announces("SU HU H9 H8 H7 HK HA GA", rule=rule)
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    assert load_announce_rule(str(empty)).clauses == ()


@pytest.mark.parametrize("text, message", [
    ('[[announce]]\ncontract = "solo"\nmin_trump = 6\n', "clause 1: unknown key 'min_trump'"),
    ('[[announce]]\ncontract = "solo"\nmin_trumps = -1\n', "'min_trumps' must be a whole number 0..8, got -1"),
    ('[[announce]]\ncontract = "solo"\nmin_trumps = true\n', "'min_trumps' must be a whole number 0..8"),
    ('[[announce]]\ncontract = "ramsch"\n', "'contract' must be one of sauspiel, solo"),
    ('[[announce]]\nmin_trumps = 6\n', "'contract' must be one of"),
    ('solo = 6\n', "unknown key 'solo'"),
    ('announce = 3\n', "'announce' must be [[announce]] tables"),
    ('[[announce]\n', "announce rule"),
])
def test_bad_rule_file_is_one_line_and_exit_2(tmp_path, text, message):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    result = CliRunner().invoke(main, ["analyze", "--hand", MIDDLING, "--seat", "2", "--passed", "0,1",
                                       "--announce-rule", str(f), "--samples", "2", "--workers", "1"])
    assert result.exit_code == 2
    err = result.stderr.strip()
    assert err.startswith("stichfest: error: ") and "\n" not in err and "Traceback" not in err
    assert message in err


def test_cli_passed_options():
    def run(*args):
        r = CliRunner().invoke(main, ["analyze", "--hand", MIDDLING, "--seat", "2", "--samples", "6",
                                      "--workers", "1", "--play", "double-dummy", *args])
        return r.exit_code, r.stdout, r.stderr

    code, out, err = run("--passed", "0,1", "--contracts", "geier", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["passed"] == [0, 1] and data["announce_rule"]["source"] == "default"
    assert data["announce_rule"]["clauses"][0] == {"contract": "sauspiel", "min_trumps": 5, "min_ober": 0,
                                                   "min_unter": 0, "min_sau": 0}
    code, out, _ = run("--passed", "1", "--contracts", "geier")
    assert code == 0 and "Seat 1 passed" in out
    for args, message in [(("--passed", "0,x"), "--passed must be seats"),
                          (("--passed", "2"), "--passed seat 2: the viewer announces"),
                          (("--announce-rule", "nofile.toml"), "give --passed, --declarer or --outbid too")]:
        code, _, err = run(*args)
        assert code == 2 and message in err and err.count("\n") == 1


@pytest.mark.slow
def test_same_seed_same_numbers_with_passes_for_any_worker_count():
    from concurrent.futures import ProcessPoolExecutor
    kw = dict(samples=30, seed=4, contracts=["sauspiel-S"], passed=(0, 1), play="both", worlds=2)
    one = evaluate_hand("schafkopf", MIDDLING, 2, 0, **kw).to_json()
    with ProcessPoolExecutor(2) as ex:
        two = evaluate_hand("schafkopf", MIDDLING, 2, 0, executor=ex, **kw).to_json()
    assert one == two and one["contracts"][0]["single_dummy"] is not None



def test_every_players_play_out_worlds_obey_the_passes(monkeypatch):
    """The passes are heard by all four: in a play-out, each player's sampled
    worlds give a seat that passed no announcing hand (but seat 1's own
    worlds, in which he holds his hand)."""
    worlds = []

    class Recording(single_dummy._World):
        def __init__(self, solver, pos, tariff):
            worlds.append((pos.state().to_move, pos.deal))  # the player deciding, the world
            super().__init__(solver, pos, tariff)

    monkeypatch.setattr(single_dummy, "_World", Recording)
    rng = random.Random(3)
    test = PassedHand(DEFAULT_RULE, 4, 1)
    deal = random_deal(rng, "schafkopf")
    while not test(deal[1]):  # seat 1 truly holds a hand it passes with
        deal = random_deal(rng, "schafkopf")
    pos = Position.build(contract_of("schafkopf", "geier", 4), deal, declarer=2, leader=0)
    single_dummy.play_out(pos, worlds=3, seed=1, knowledge={1: test})
    assert len({mover for mover, _ in worlds} - {1}) >= 2 and len(worlds) > 10
    assert all(test(w[1]) for mover, w in worlds if mover != 1)
    # without the knowledge the same play-out's worlds do give seat 1 announcing hands
    worlds.clear()
    single_dummy.play_out(pos, worlds=3, seed=1)
    assert any(not test(w[1]) for mover, w in worlds if mover != 1)
