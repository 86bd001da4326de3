"""The Python API as a user meets it (README, "Python"): value objects that
behave as values, input in the forms the JSON takes, and errors of the
documented types where something is wrong, raised where it was made."""
from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from stichfest import (
    Card,
    CardError,
    Contract,
    Position,
    PositionError,
    Solver,
    parse_card,
    solve,
)
from stichfest.analysis.errors import InputError
from stichfest.analysis.evaluate import evaluate_hand
from stichfest.analysis.review import review_game
from stichfest.analysis.stats import wilson_interval

WENZ = {"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
        "deal": ["EU GU HU EA E10 EK GA G10", "SU EO E9 E8 E7 GO S8 S7",
                 "G9 G8 G7 GK SO HA H10 HK", "HO H9 H8 H7 SA S10 SK S9"], "play": []}


def test_a_cards_repr_makes_the_card_and_bad_cards_are_card_errors():
    assert repr(Card.parse("EO")) == "Card.parse('EO')"
    assert repr(Card.parse("cj", "french")) == "Card.parse('CJ', 'french')"
    assert eval(repr(Card.parse("H10")), {"Card": Card}) == parse_card("HZ")
    for make in (lambda: Card(8), lambda: Card(36), lambda: Card(-1), lambda: Card(0, "bavarian"),
                 lambda: Card.parse("EO", "bavarian"), lambda: parse_card(None)):  # type: ignore[arg-type]
        with pytest.raises(CardError):
            make()
    assert Card(8, "french") == Card.parse("C6", "french")  # the French deck has a ninth rank


def test_a_contract_takes_suit_letters_and_refuses_what_is_no_contract():
    assert Contract("schafkopf", "solo", trump="G") == Contract("schafkopf", "solo", trump=1)
    assert Contract("schafkopf", "sauspiel", called="s").id == "sauspiel-S"
    assert Contract("jass", "trump", trump="D").title == "Trumpf Karo"
    for kw, words in (({"game": "skat", "name": "grand"}, "unknown game 'skat'"),
                      ({"game": "jass", "name": "solo"}, "no contract 'solo' in jass"),
                      ({"game": "schafkopf", "name": "solo", "trump": 7}, "trump is a suit"),
                      ({"game": "schafkopf", "name": "sauspiel", "called": "Q"}, "called is a suit")):
        with pytest.raises(ValueError, match=words):
            Contract(**kw)


def test_a_position_is_a_value():
    pos = Position.from_json(WENZ)
    same = Position.from_json(dict(WENZ))
    assert pos == same and hash(pos) == hash(same) and len({pos, same}) == 1
    assert pickle.loads(pickle.dumps(pos)) == pos and pickle.loads(pickle.dumps(pos)).rules == pos.rules
    with pytest.raises(TypeError, match="cannot be changed"):
        pos.rules["davonlaufen_min"] = 3  # type: ignore[index]
    other = replace(pos, rules={**pos.rules, "davonlaufen_min": 3})
    assert other != pos and other.rule("davonlaufen_min") == 3 and pos.rule("davonlaufen_min") == 4


def test_with_play_checks_the_cards_as_from_json_does():
    pos = Position.from_json(WENZ)
    assert pos.with_play(["EU", "SU"]) == pos.with_play("EU SU") == Position.from_json(dict(WENZ, play=["EU", "SU"]))
    with pytest.raises(PositionError, match=r"illegal card GA by seat 1 at play\[1\]: the card is in seat 0's hand"):
        pos.with_play((Card.parse("EU"), Card.parse("GA")))
    with pytest.raises(PositionError, match=r"illegal card E9 by seat 1 at play\[1\]"):
        pos.with_play("GA E9")  # seat 1 holds GO: he must follow Gras
    with pytest.raises(PositionError, match="play: unknown suit"):
        pos.with_play(["EU", "XX"])
    # stepping back through a checked record's prefixes gives the same positions as parsing them
    record = pos.with_play("EU SU G9 H9 GU EO G8 H8")
    for k in range(len(record.play) + 1):
        assert record.with_play(record.play[:k]) == Position.from_json(dict(WENZ, play=[str(c) for c in record.play[:k]]))
    with pytest.raises(PositionError, match=r"illegal card HA by seat 1 at play\[5\]: the card is in seat 2's hand"):
        record.with_play(record.play[:4] + (Card.parse("GU"), Card.parse("HA")))  # seat 2's card: no prefix
    with pytest.raises(PositionError, match=r"illegal card EU by seat 0 at play\[4\]: the card has already been played"):
        record.with_play(record.play[:4] + (Card.parse("EU"),))


def test_build_takes_hands_and_play_as_the_json_writes_them():
    built = Position.build(Contract("schafkopf", "wenz"), WENZ["deal"], play="EU SU G9")
    listed = Position.build(Contract("schafkopf", "wenz"), [h.split() for h in WENZ["deal"]],
                            play=["EU", "SU", "G9"])
    assert built == listed == Position.from_json(dict(WENZ, play=["EU", "SU", "G9"]))


def test_the_state_plays_cards_as_its_legal_cards_give_them():
    st = Position.from_json(WENZ).state()
    card = st.legal_cards()[0]
    assert st.violation(card) is None and st.violation(card.index) is None
    st.play(card)
    assert st.trick == [card.index]


def test_value_refuses_bounds_that_hold_no_value():
    pos = Position.from_json(WENZ)
    with pytest.raises(ValueError, match="lo 50 is above hi 40"):
        Solver().value(pos, lo=50, hi=40)
    assert Solver().value(pos, lo=100, hi=120) == solve(pos).value == 120


def test_a_hand_and_its_contracts_as_lists_or_text():
    hand = "EO GO EU GU HA H10 EA G7"
    text = evaluate_hand("schafkopf", hand, samples=6, seed=2, contracts=["solo-H", "wenz"], points=False)
    listed = evaluate_hand("schafkopf", hand.split(), samples=6, seed=2, contracts="solo-H,wenz", points=False)
    assert text.to_json()["contracts"] == listed.to_json()["contracts"]
    assert [r.spec.id for r in listed.results] == [r.spec.id for r in text.results]
    assert {r.spec.id for r in text.results} == {"solo-H", "solo-H-tout", "wenz", "wenz-tout"}  # a name and its Tout


def test_review_refuses_only_marked_without_the_information_it_narrows():
    record = Position.from_json(WENZ).with_play("EU SU G9 H9")
    with pytest.raises(InputError, match="only_marked .* needs information=True"):
        review_game(record, only_marked=True)
    assert len(review_game(record).plays) == 4


@pytest.mark.parametrize("successes, n", [(0, 50), (10, 10), (0, 1), (7, 7), (3, 9)])
def test_an_interval_holds_its_estimate(successes, n):
    low, high = wilson_interval(successes, n)
    assert 0.0 <= low <= successes / n <= high <= 1.0


def test_one_tariff_serves_every_game():
    """docs/rules.md, "Tariff keys": a Schafkopf key in a Jass analysis is
    taken and changes nothing there; an unknown key is refused."""
    from stichfest.analysis.scoring import load_tariff
    hand = "CJ C9 CK CQ H6 H7 H8 SA DA"
    plain = evaluate_hand("jass", hand, samples=3, seed=1, contracts=["obenabe"])
    other = evaluate_hand("jass", hand, samples=3, seed=1, contracts=["obenabe"],
                          tariff=load_tariff(None, {"solo": 60, "schneider": 30}))
    assert plain.to_json()["contracts"] == other.to_json()["contracts"]
    with pytest.raises(InputError, match="unknown tariff key 'nosuch'"):
        load_tariff(None, {"nosuch": 3})


def test_a_trump_given_where_the_contract_fixes_or_has_none():
    # Herz is always trump in a Sauspiel and in Ramsch: "trump": "H" is
    # harmless, another suit is refused naming the one it could be.
    ramsch = dict(WENZ, contract="ramsch")
    assert Position.from_json(dict(ramsch, trump="H")) == Position.from_json(ramsch)
    with pytest.raises(PositionError, match="schafkopf ramsch always has Herz as trump: leave 'trump' out, or give 'H'"):
        Position.from_json(dict(ramsch, trump="G"))
    with pytest.raises(PositionError, match="schafkopf wenz takes no 'trump'"):
        Position.from_json(dict(WENZ, trump="H"))
