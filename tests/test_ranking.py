"""The auction's order of Schafkopf games (analysis/ranking.py) and
``stichfest analyze --outbid``.

[SK] RULES.md, Schafkopf: "Ranking (ascending): Sauspiel < Farbgeier <
Geier < Farbwenz < Wenz < Solo < the Touts in the same order < Sie.
Variant: a user-given order."  Of two games of equal rank the seat that
bids first plays (docs/rules.md, "Contract ranking")."""
from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner

from stichfest.analysis.announce import DEFAULT_RULE, AnnouncedHand
from stichfest.analysis.cli import main
from stichfest.analysis.errors import InputError
from stichfest.analysis.evaluate import contracts_for_hand, evaluate_hand
from stichfest.analysis.ranking import (
    DEFAULT_RANKING,
    bids_first,
    outbidding,
    parse_announced,
    parse_outbid,
    parse_ranking,
    wins_auction,
)
from stichfest.cards import parse_cards
from stichfest.contracts import Contract

#: RULES.md's order, lowest first, written out from the sentence above.
RULES_ORDER = ["sauspiel", "farbgeier", "geier", "farbwenz", "wenz", "solo",
               "farbgeier-tout", "geier-tout", "farbwenz-tout", "wenz-tout", "solo-tout", "sie"]


def contract(name: str, trump: int | None = None) -> Contract:
    game, _, tout = name.partition("-")
    if game == "sauspiel":
        return Contract("schafkopf", game, called=0)
    return Contract("schafkopf", game, trump=trump if game in ("solo", "farbwenz", "farbgeier") else None,
                    tout=tout == "tout")


def test_default_order_is_the_rule_books():
    """[SK] Every pair of games in RULES.md's order: the later one outranks,
    whoever bids first."""
    for (i, low), (j, high) in itertools.combinations(enumerate(RULES_ORDER), 2):
        assert i < j
        a, b = contract(high, 2), contract(low, 0)
        for seat, other in ((1, 2), (2, 1)):
            assert wins_auction(a, seat, b, other, 0, 4), (high, low, seat)
            assert not wins_auction(b, other, a, seat, 0, 4), (low, high, seat)


def test_equal_games_go_to_the_seat_that_bids_first():
    """Equal rank (every Solo alike, whatever its suit): the bidding starts at
    the leader and goes round in seat order."""
    herz, eichel = contract("solo", 2), contract("solo", 0)
    assert wins_auction(herz, 1, eichel, 2, 0, 4) and not wins_auction(eichel, 2, herz, 1, 0, 4)
    # leader 2: the order is 2, 3, 0, 1
    assert bids_first(3, 0, 2, 4) and bids_first(0, 1, 2, 4) and not bids_first(1, 2, 2, 4)
    assert wins_auction(eichel, 3, herz, 0, 2, 4) and not wins_auction(herz, 0, eichel, 3, 2, 4)
    assert wins_auction(contract("wenz-tout"), 0, contract("wenz-tout"), 1, 0, 3)  # three players too


def test_a_table_of_its_own_order():
    """[SK] "Variant: a user-given order": rule text 001 ranks Solo < Wenz < Geier."""
    ranking = parse_ranking("sauspiel, farbgeier, farbwenz, solo, wenz, geier")
    assert ranking.order == ("sauspiel", "farbgeier", "farbwenz", "solo", "wenz", "geier",
                             "farbgeier-tout", "farbwenz-tout", "solo-tout", "wenz-tout", "geier-tout", "sie")
    assert wins_auction(contract("geier"), 2, contract("solo", 1), 1, 0, 4, ranking)
    assert not wins_auction(contract("geier"), 2, contract("solo", 1), 1, 0, 4)  # the default
    # Touts placed among the games, Sie placed too
    full = parse_ranking("sauspiel,farbgeier,geier,farbwenz,wenz,farbgeier-tout,geier-tout,farbwenz-tout,"
                         "wenz-tout,solo,solo-tout,sie")
    assert wins_auction(contract("solo", 0), 1, contract("wenz-tout"), 2, 0, 4, full)
    assert not wins_auction(contract("solo", 0), 1, contract("wenz-tout"), 2, 0, 4)
    below = parse_ranking("sauspiel,farbgeier,geier,farbwenz,wenz,sie,solo")
    assert below.order.index("sie") == 5 and below.order[-1] == "solo-tout"


@pytest.mark.parametrize("text,message", [
    ("sauspiel,farbgeier,geier,farbwenz,wenz", "'solo' is missing"),
    ("sauspiel,farbgeier,geier,farbwenz,wenz,solo,ramsch", "unknown game 'ramsch'"),
    ("sauspiel,farbgeier,geier,farbwenz,wenz,solo,wenz", "'wenz' is named twice"),
    ("sauspiel,farbgeier,geier,farbwenz,wenz,solo,solo-tout", "name every Tout or none; 'wenz-tout'"),
    ("", "'sauspiel' is missing"),
])
def test_bad_orders(text, message):
    with pytest.raises(InputError, match=message) as e:
        parse_ranking(text)
    assert "\n" not in str(e.value)


def test_announced_contracts_by_id_or_game():
    assert parse_announced("Solo-E", 4) == Contract("schafkopf", "solo", trump=0)
    assert parse_announced("solo", 4) == Contract("schafkopf", "solo")  # the suit not said
    assert parse_announced("wenz-tout", 4) == Contract("schafkopf", "wenz", tout=True)
    assert parse_announced("sauspiel-G", 4) == Contract("schafkopf", "sauspiel", called=1)
    assert parse_announced("farbwenz-tout", 3) == Contract("schafkopf", "farbwenz", tout=True)
    for bad, n in (("sauspiel", 3), ("sauspiel-H", 4), ("ramsch", 4), ("solo-X", 4), ("sauspiel-tout", 4),
                   ("sie", 4)):
        with pytest.raises(InputError):
            parse_announced(bad, n)
    assert parse_outbid("2:wenz") == (2, "wenz")
    with pytest.raises(InputError, match="SEAT:ID"):
        parse_outbid("wenz")


def test_a_game_announced_without_its_suit_tells_its_clause_in_any_suit():
    """[SK] Announce rule: a Solo announcer holds 6 trumps of some suit."""
    solo = AnnouncedHand(DEFAULT_RULE, parse_announced("solo", 4), 4, 2)
    assert solo(tuple(parse_cards("EO GO EU GA G10 GK G9 S7")))  # Gras-Solo trumps: 6
    assert not solo(tuple(parse_cards("EO GO EU GA G10 H9 SA S7")))  # 5 at most (Gras, Schellen)


def test_outbidding_keeps_the_hand_contracts_that_win():
    hand = parse_cards("EO GO HO SO HA H10 HK EA")
    specs = contracts_for_hand("schafkopf", hand, 4)
    over_wenz = outbidding(specs, 1, contract("wenz"), 0, 0, 4)
    rank = DEFAULT_RANKING.order.index
    assert over_wenz == [s for s in specs if rank(s.name + ("-tout" if s.tout else "")) > rank("wenz")]
    assert {s.name for s in over_wenz if not s.tout} == {"solo"}  # and every Tout
    assert {s.name for s in over_wenz if s.tout} == {"solo", "wenz", "geier", "farbwenz", "farbgeier"}
    # seat 1 bids before seat 2: its Solos beat seat 2's Solo; after seat 0's, only Touts
    assert any(s.id == "solo-H" for s in outbidding(specs, 1, contract("solo", 0), 2, 0, 4))
    assert all(s.tout for s in outbidding(specs, 1, contract("solo", 0), 0, 0, 4))
    with pytest.raises(InputError, match="no contract of this hand wins the auction against seat 0's Solo Tout"):
        outbidding(specs, 1, Contract("schafkopf", "solo", tout=True), 0, 0, 4)


def test_analysis_rows_and_the_announcers_hand():
    """The rows are the winning contracts, and the announcer's hand is known:
    seat 0's Wenz needs 3 Unter and a Sau (the default announce rule), so
    where the viewer holds two Unter no deal is left."""
    analysis = evaluate_hand("schafkopf", "EO GO HO SO HA H10 HK EA", 1, 0, samples=4, outbid=(0, "wenz"),
                             points=False, play="double-dummy", race=False)
    ids = {r.spec.id for r in analysis.results}
    assert ids and all(not r.spec.id.startswith(("sauspiel", "farbwenz")) or r.spec.tout for r in analysis.results)
    out = analysis.to_json()["outbid"]
    assert out == {"seat": 0, "contract": "wenz", "title": "Wenz",
                   "ranking": {"source": "default", "order": RULES_ORDER}}
    with pytest.raises(InputError, match="seat 0 announced Wenz"):
        evaluate_hand("schafkopf", "EO GO EU GU HA H10 EA GA", 1, 0, samples=2, outbid=(0, "wenz"),
                      points=False, play="double-dummy")


def test_outbid_input_errors():
    hand = "EO GO HO SO HA H10 HK EA"
    for kw, message in (({"outbid": (1, "wenz")}, "the viewer's own"),
                        ({"outbid": (7, "wenz")}, "seats are 0..3"),
                        ({"outbid": (2, "wenz"), "passed": (2,)}, "announced, so it did not pass"),
                        ({"outbid": (2, "wenz"), "declarer": 2, "contracts": ["wenz"]}, "not with --declarer")):
        with pytest.raises(InputError, match=message):
            evaluate_hand("schafkopf", hand, 1, 0, samples=2, play="double-dummy", **kw)
    with pytest.raises(InputError, match="Schafkopf's auction"):
        evaluate_hand("jass", "HJ H9 HA HK S10 SA CA D6 D7", 0, 0, samples=2, outbid=(2, "trump"))


def run(*args):
    result = CliRunner().invoke(main, ["analyze", *args])
    return result.exit_code, result.stdout, result.stderr


def test_cli_outbid():
    args = ["--hand", "EO GO HO SO HA H10 HK EA", "--seat", "1", "--leader", "0", "--samples", "6",
            "--workers", "1", "--no-points", "--play", "double-dummy"]
    code, out, err = run(*args, "--outbid", "0:wenz")
    assert code == 0, err
    assert "Seat 0 announced Wenz: only the contracts that win the auction against it" in " ".join(out.split())
    code, out, err = run(*args, "--outbid", "2:solo", "--ranking", "sauspiel,farbgeier,farbwenz,wenz,geier,solo",
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["outbid"]["ranking"]["source"] == "sauspiel,farbgeier,farbwenz,wenz,geier,solo"
    assert "solo-H" in {r["id"] for r in data["contracts"]}  # seat 1 bids before seat 2
    for bad, message in ((["--outbid", "wenz"], "--outbid must be SEAT:ID"),
                         (["--ranking", "solo"], "--ranking orders the games for --outbid"),
                         (["--outbid", "2:wenz", "--ranking", "solo"], "must name every game"),
                         (["--outbid", "2:bock"], "no contract 'bock'"),
                         # the defenders' view is another seat's contract: nothing of the viewer's to outbid with
                         (["--outbid", "2:wenz", "--declarer", "3", "--contract", "solo-E"],
                          "--outbid analyses the viewer's own contracts")):
        code, out, err = run(*args, *bad)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1, (bad, err)
