"""Rule tests of the solver's Python API against /work/shared/RULES.md.

Every test names the RULES.md rule it checks ([SK] Schafkopf, [JA] Swiss
Jass / Schieber, [SW] Scharwenzel) in its docstring.  All expected values
were worked out by hand; nothing is computed by the code under test and then
compared with itself.  A full deal always lists the complete deck; endgames
are a full deal plus a ``play`` prefix of legal cards.
"""
from __future__ import annotations

import itertools

import pytest
from rulebook import *  # noqa: F401,F403  (decks, deal builders, RULES.md orders, hand-built deals)

from stichfest import Position, PositionError, Solver, parse_card, solve
from stichfest.cards import Card
from stichfest.contracts import TRUMP, contract_table
from stichfest.weis import jass_weis

# ---------------------------------------------------------------------------
# Decks and helpers
# ---------------------------------------------------------------------------
DECK_STYLE = {"schafkopf": "german", "jass": "french", "scharwenzel": "french"}
SUIT_INDEX = {"schafkopf": "EGHS", "jass": "CSHD", "scharwenzel": "CSHD"}


def state(p):
    return Position.from_json(p).state()


def legal(p):
    return {str(c) for c in state(p).legal_cards()}


def idx(game, name):
    return parse_card(name, DECK_STYLE[game]).index


def parse_card_index(game, index):
    return Card(index, DECK_STYLE[game])


def error_of(p):
    with pytest.raises(PositionError) as info:
        Position.from_json(p)
    message = str(info.value)
    assert "\n" not in message, "PositionError messages are one line"
    return message


# ---------------------------------------------------------------------------
# Card notation
# ---------------------------------------------------------------------------
def test_card_notation():
    """RULES "Card notation": suit letter + rank; lower case, Z/X for the ten, suit symbols."""
    assert str(parse_card("EO")) == "EO"
    assert str(parse_card("hz")) == "H10"
    assert str(parse_card("GX")) == "G10"
    assert parse_card("♣O") == parse_card("EO")
    assert parse_card("♦A") == parse_card("SA")
    assert str(parse_card("CJ", "french")) == "CJ"
    assert parse_card("♠q", "french") == parse_card("SQ", "french")
    assert len({parse_card(c).index for c in SK_DECK}) == 32
    assert len({parse_card(c, "french").index for c in FR36}) == 36
    with pytest.raises(ValueError):
        parse_card("E6")           # no 6 in the German deck
    with pytest.raises(ValueError):
        parse_card("CO", "french")


# ---------------------------------------------------------------------------
# Card orders (trumps and plain suits) for every contract
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", sorted(ORDER_CASES))
def test_orders_in_contract_table(case):
    """[SK] contract table / [JA] mode table / [SW] trumps and plain suits, high to low
    (Wenz: Ober between König and Neun; Geier: Unter likewise; SW: 10 below K)."""
    game, contract, extra, n, short, trumps, plain = ORDER_CASES[case]
    letters = SUIT_INDEX[game]
    trump = letters.index(extra["trump"]) if "trump" in extra else None
    table = contract_table(game, contract, trump, False)
    in_deck = {idx(game, c) for c in deck_for(game, n, short)}

    def names(klass):
        return [str(parse_card_index(game, i)) for i in table.ordered(klass) if i in in_deck]

    assert names(TRUMP) == trumps
    for suit, expected in plain.items():
        assert names(letters.index(suit)) == expected, suit


@pytest.mark.parametrize("case", sorted(ORDER_CASES))
def test_orders_partition_the_deck(case):
    """Test-data sanity: each deck card is exactly one trump or one plain card."""
    game, _, _, n, short, trumps, plain = ORDER_CASES[case]
    listed = trumps + [c for cs in plain.values() for c in cs]
    assert sorted(listed) == sorted(deck_for(game, n, short))


@pytest.mark.parametrize("case", sorted(ORDER_CASES))
def test_trick_winner_follows_the_orders(case):
    """[SK]/[JA]/[SW]: highest trump wins, else the highest card of the led suit;
    a card of another plain suit never wins (GameState.trick_winner_offset)."""
    game, _, _, _, _, trumps, plain = ORDER_CASES[case]
    st = state(order_position(case))

    def win(*names):
        return st.trick_winner_offset([idx(game, c) for c in names])

    for i, j in itertools.combinations(range(len(trumps)), 2):
        hi, lo = trumps[i], trumps[j]
        assert win(lo, hi) == 1, (lo, hi)
        assert win(hi, lo) == 0, (hi, lo)
    for suit, cs in plain.items():
        for i, j in itertools.combinations(range(len(cs)), 2):
            hi, lo = cs[i], cs[j]
            assert win(lo, hi) == 1, (lo, hi)
            assert win(hi, lo) == 0, (hi, lo)
        if trumps:
            assert win(cs[0], trumps[-1]) == 1      # lowest trump beats the plain Ace
        for other, other_cs in plain.items():
            if other != suit:
                assert win(cs[-1], other_cs[0]) == 0


def test_wenz_ober_and_geier_unter_in_a_played_trick():
    """[SK] Wenz: "the Ober stands between König and Neun"; Geier likewise for the Unter."""
    deal = fill("schafkopf", {0: "GK E7 E8 E9 EA E10 EK EO", 1: "GO G7 G8 H7 H8 H9 S7 S8",
                              2: "G9 GA G10 HA H10 HK S9 SA"})
    # Seat 3 is EU GU HO HU S10 SK SO SU: no plain Gras.
    st = state(pos("schafkopf", "wenz", deal, play=["GK", "GO", "G9", "S10"]))
    assert st.history[0][2] == 0                       # GK beats GO
    st = state(pos("schafkopf", "wenz", deal, leader=2, play=["G9", "S10", "GK", "GO"]))
    assert st.history[0][2] == 0                       # GK over GO over G9
    assert st.trick_winner_offset([idx("schafkopf", c) for c in ("G9", "S10", "GO")]) == 2
    st = state(pos("schafkopf", "geier", fill("schafkopf", {})))
    assert st.trick_winner_offset([idx("schafkopf", c) for c in ("G9", "GU", "G8")]) == 1
    assert st.trick_winner_offset([idx("schafkopf", c) for c in ("GU", "GK")]) == 1


# ---------------------------------------------------------------------------
# Card points
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("contract,trump,tout", [
    ("sauspiel", None, False), ("ramsch", None, False), ("solo", 1, False), ("wenz", None, False),
    ("geier", None, False), ("farbwenz", 3, False), ("farbgeier", 0, False), ("solo", 2, True),
    ("wenz", None, True), ("farbgeier", 3, True)])
def test_schafkopf_card_points(contract, trump, tout):
    """[SK] Points: A 11, 10 10, K 4, O 3, U 2, 9/8/7 0; 120 in all; short deck still 120."""
    table = contract_table("schafkopf", contract, trump, tout)
    values = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
    for c in SK_DECK:
        assert table.points[idx("schafkopf", c)] == values[c[1:]], c
    assert sum(table.points[idx("schafkopf", c)] for c in SK_DECK) == 120
    assert sum(table.points[idx("schafkopf", c)] for c in SK_SHORT) == 120


def test_jass_card_points_and_157():
    """[JA] trump J 20, 9 14, A 11, K 4, Q 3, 10 10; plain J 2; obenabe 8 = 8;
    undeufe 6 11, A 0; last trick +5: every mode totals 157."""
    H = 2
    t = contract_table("jass", "trump", H, False)
    o = contract_table("jass", "obenabe", None, False)
    u = contract_table("jass", "undeufe", None, False)

    def pts(table, suit):
        return [table.points[idx("jass", suit + r)] for r in FR_RANKS]   # A K Q J 10 9 8 7 6

    assert pts(t, "H") == [11, 4, 3, 20, 10, 14, 0, 0, 0]
    assert pts(t, "C") == [11, 4, 3, 2, 10, 0, 0, 0, 0]
    assert pts(o, "S") == [11, 4, 3, 2, 10, 0, 8, 0, 0]
    assert pts(u, "D") == [0, 4, 3, 2, 10, 0, 8, 0, 11]
    for table in (t, o, u):
        assert sum(table.points[idx("jass", c)] for c in FR36) + table.last_trick_bonus == 157
        assert table.match_bonus == 100


# ---------------------------------------------------------------------------
# Following suit (trump counts as one suit)
# ---------------------------------------------------------------------------
FOLLOW_CASES = [
    ("ramsch: Herz lead is a trump lead, Unter must follow",
     "ramsch", {}, "EU EA E10 EK G7 G8 G9 S7", "H10", {"EU"}),
    ("ramsch: Ober is no Eichel", "ramsch", {}, "EO E9 GA G10 GK S7 S8 S9", "EK", {"E9"}),
    ("ramsch: only trumps with Eichel letters, free choice",
     "ramsch", {}, "EO EU HA GA G10 S7 S8 S9", "EK", {"EO", "EU", "HA", "GA", "G10", "S7", "S8", "S9"}),
    ("solo Herz: Unter follows a Herz lead", "solo", {"trump": "H"},
     "EU EA E10 EK G7 G8 G9 S7", "HA", {"EU"}),
    ("wenz: Herz is a plain suit, Ober follows it, Unter does not",
     "wenz", {}, "HO HU E7 E8 E9 G7 G8 G9", "H10", {"HO"}),
    ("wenz: Unter lead, no Unter: anything",
     "wenz", {}, "HO GO SO E7 E8 E9 G7 G8", "EU", {"HO", "GO", "SO", "E7", "E8", "E9", "G7", "G8"}),
    ("geier: Unter is a plain card, Ober a trump", "geier", {},
     "HU HO E7 E8 E9 G7 G8 G9", "H10", {"HU"}),
    ("farbwenz Eichel: the Eichel Ober is a trump", "farbwenz", {"trump": "E"},
     "EO G7 G8 G9 S7 S8 S9 HA", "E10", {"EO"}),
    ("farbgeier Schellen: the Gras Ober is a trump, the Gras Unter is Gras",
     "farbgeier", {"trump": "S"}, "GO GU E7 E8 E9 HA H10 HK", "G10", {"GU"}),
]


@pytest.mark.parametrize("case", FOLLOW_CASES, ids=[c[0] for c in FOLLOW_CASES])
def test_schafkopf_following(case):
    """[SK] "Follow the led suit (trump counts as one suit); if you can't, play any card"."""
    _, contract, extra, hand1, lead, expected = case
    others = [c for c in SK_DECK if c not in hand1.split() and c != lead]
    deal = fill("schafkopf", {0: " ".join([lead] + others[:7]), 1: hand1})
    assert legal(pos("schafkopf", contract, deal, play=[lead], **extra)) == expected


def test_following_violation_message():
    """[SK] following: violation() names the rule for a card that does not follow."""
    hand1 = "EO E9 GA G10 GK S7 S8 S9"
    others = [c for c in SK_DECK if c not in hand1.split() and c != "EK"]
    deal = fill("schafkopf", {0: " ".join(["EK"] + others[:7]), 1: hand1})
    st = state(pos("schafkopf", "ramsch", deal, play=["EK"]))
    assert st.violation(idx("schafkopf", "E9")) is None
    why = st.violation(idx("schafkopf", "EO"))
    assert why is not None and "follow" in why
    assert st.violation(idx("schafkopf", "HA")) is not None   # not in the hand


@pytest.mark.parametrize("trump,hand1,lead,expected", [
    ("D", "HQ HJ C7 C8 S7 S8 S9 SA", "HA", {"HQ"}),           # red Q plain when not trump
    ("H", "HQ DQ C7 C8 S7 S8 S9 SA", "H9", {"HQ"}),           # HQ trump when H is trump
    ("D", "CQ CJ C7 H7 H8 H9 S8 S9", "C10", {"C7"}),          # CQ/CJ trumps, C7 plain
    ("D", "SQ C7 H7 H8 H9 S8 S9 SA", "D9", {"SQ"}),           # Basta follows a trump lead
    ("D", "D7 C7 H7 H8 H9 S8 S9 SA", "CQ", {"D7"}),           # Nillje is a trump
    ("C", "HJ SA SK S10 S9 H8 D8 D9", "CA", {"HJ"}),          # every Jack is a trump
])
def test_scharwenzel_following(trump, hand1, lead, expected):
    """[SW] follow suit (trump counts as one suit), else any card; ♣Q, ♠Q, Jacks, trump 7
    are trumps, ♥/♦ Queens plain unless their suit is trump."""
    others = [c for c in FR32 if c not in hand1.split() and c != lead]
    deal = fill("scharwenzel", {0: " ".join([lead] + others[:7]), 1: hand1})
    assert legal(pos("scharwenzel", "trump", deal, play=[lead], trump=trump)) == expected


@pytest.mark.parametrize("contract", ["obenabe", "undeufe"])
def test_jass_no_trump_following(contract):
    """[JA] "Obenabe/undeufe: follow suit, else any card"."""
    deal = fill("jass", {0: "C6 HA HK SA SK DA DK DQ DJ", 1: "CA C10 H6 H7 S6 S7 D6 D7 D8"})
    assert legal(pos("jass", contract, deal, play=["C6"])) == {"CA", "C10"}
    hand1 = "HA H10 H6 H7 S6 S7 D6 D7 D8"
    deal = fill("jass", {0: "C6 CK HK SA SK DA DK DQ DJ", 1: hand1})
    assert legal(pos("jass", contract, deal, play=["C6"])) == set(hand1.split())


# ---------------------------------------------------------------------------
# Sauspiel called-Sau restrictions [SK] "Sauspiel" 1-3
# ---------------------------------------------------------------------------


def test_sau_partner_is_the_holder():
    """[SK] Sauspiel: "Its holder is his partner" - the declaring party is declarer + holder."""
    assert Position.from_json(sauspiel(SAU4)).declaring_party == {0, 2}
    deal = [SAU4[0], "G9 G8 G7 EA S10 SK S9 S8", "EK E10 E9 E8 EO GO HO SO", SAU4[3]]
    assert Position.from_json(sauspiel(deal)).declaring_party == {0, 1}


def test_sau_rule1_must_play_sau_when_called_suit_led():
    """[SK] Sauspiel 1: "when the called suit is led, the holder must play the Sau"."""
    st = state(sauspiel(SAU4, play=["E7", "EK"]))
    assert st.to_move == 2
    assert {str(c) for c in st.legal_cards()} == {"EA"}
    why = st.violation(idx("schafkopf", "E10"))
    assert why is not None and "Sau" in why


def test_sau_rule1_other_seats_follow_normally():
    """[SK] Sauspiel 1 binds only the holder: seat 1 may play any Eichel it holds."""
    assert legal(sauspiel(SAU3, play=["E7"])) == {"EK", "E8"}


def test_sau_rule2_lead_only_with_sau():
    """[SK] Sauspiel 2: "the holder may lead the called suit only with the Sau"."""
    st = state(sauspiel(SAU3, leader=2))
    assert {str(c) for c in st.legal_cards()} == {"EA", "EO", "GO", "HO", "SO", "EU"}
    why = st.violation(idx("schafkopf", "E9"))
    assert why is not None and "davonlaufen" in why


def test_sau_rule2_davonlaufen_with_four():
    """[SK] Sauspiel 2: with >= 4 cards of the called suit (Sau included) he may lead any."""
    assert legal(sauspiel(SAU4, leader=2)) == set(SAU4[2].split())


def test_sau_rule2_davonlaufen_variant_three():
    """[SK] "Variant: minimum for davonlaufen 3": rules {"davonlaufen_min": 3}."""
    assert legal(sauspiel(SAU3, leader=2, rules={"davonlaufen_min": 3})) == set(SAU3[2].split())


def test_sau_rule2_count_is_taken_at_the_moment_of_the_lead():
    """[SK] Sauspiel 2 "at that moment": 4 Eichel dealt, E8 discarded, 3 left: no davonlaufen."""
    p = sauspiel(SAU4, play=plays("GA G7 E8 S7 H7 S8 EO HU"))
    assert state(p).to_move == 2
    assert legal(p) == {"EA", "GO", "HO", "SO"}
    p["rules"] = {"davonlaufen_min": 3}
    assert legal(p) == {"EA", "E10", "E9", "GO", "HO", "SO"}


def test_sau_rule2_short_deck_needs_variant():
    """[SK] Short deck + Sauspiel 2: three of four plain Eichel run away only with min 3."""
    p = sauspiel(SAU_SHORT, leader=2)
    assert legal(p) == {"EA", "EO", "GO", "HO"}
    p["rules"] = {"davonlaufen_min": 3}
    assert legal(p) == set(SAU_SHORT[2].split())


def test_sau_rule3_no_discarding_the_sau():
    """[SK] Sauspiel 3: "the holder may not discard the Sau on another lead"."""
    st = state(sauspiel(SAU4, play=["GA", "G7"]))
    assert {str(c) for c in st.legal_cards()} == {"E10", "E9", "E8", "EO", "GO", "HO", "SO"}
    why = st.violation(idx("schafkopf", "EA"))
    assert why is not None and "discard" in why
    deal = fill("schafkopf", {0: "E7 GA G10 GK HK H9 H8 H7", 2: "EA E10 S7 S8 S9 G9 G8 G7"})
    p = sauspiel(deal, play=["H7", "EO"])  # trump lead, holder has no trump
    assert legal(p) == {"E10", "S7", "S8", "S9", "G9", "G8", "G7"}


def test_sau_rule3_exception_last_trick():
    """[SK] Sauspiel 3 "except in the last trick" (the called suit was never led)."""
    assert legal(sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:25])) == {"S10"}   # trick 7
    assert legal(sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:29])) == {"EA"}    # trick 8
    done = Position.from_json(sauspiel(SAU_LAST, play=SAU_LAST_PLAY))
    st = done.state()
    assert st.finished
    assert st.history[7] == (1, [idx("schafkopf", c) for c in ("GK", "EA", "SK", "E10")], 1)
    r = solve(done)
    # Declarer 0 + partner 2 won tricks 1-5: 3 + 28 + 9 + 5 + 11 = 56.
    assert (r.value, r.moves, r.to_move) == (56, {}, None)


def test_sau_restrictions_lapse_after_davonlaufen():
    """[SK] "after davonlaufen he may later discard the Sau and follows normally"."""
    rules = {"davonlaufen_min": 3}
    p = sauspiel(SAU3, leader=2, rules=rules, play=plays("E9 SK E7 EK E8"))
    assert legal(p) == {"EA", "E10"}
    p = sauspiel(SAU3, leader=2, rules=rules, play=plays("E9 SK E7 EK G9"))
    assert legal(p) == {"EA", "E10", "EO", "GO", "HO", "SO", "EU"}


def test_sau_restrictions_lapse_after_called_suit_led():
    """[SK] "After the first lead of the called suit these restrictions lapse"."""
    p = sauspiel(SAU3, play=plays("E7 EK EA GU  H7 HA E8 EU"))
    st = state(p)
    assert st.to_move == 2 and st.called_suit_led
    assert {"E10", "E9"} <= legal(p)


# ---------------------------------------------------------------------------
# Jass trump rules [JA]
# ---------------------------------------------------------------------------


def test_jass_trump_allowed_when_able_to_follow():
    """[JA] "a plain lead may be followed or trumped, even when you could follow"."""
    p = jass_trump({0: "CA C6 HA SA SK DA DK DQ DJ", 1: "C7 H6 S6 S7 S8 S9 D6 D7 D8"}, ["CA"])
    assert legal(p) == {"C7", "H6"}
    why = state(p).violation(idx("jass", "S6"))
    assert why is not None and "follow" in why


def test_jass_no_undertrumping():
    """[JA] "no undertrumping (a trump lower than a trump already in a plainly-led trick)"."""
    fixed = {0: "C7 CA CK SA SK DA DK DQ DJ", 1: "HA C8 C9 S6 S7 S8 D6 D7 D8",
             2: "C6 H6 HJ S9 S10 SJ D9 D10 CJ"}
    p = jass_trump(fixed, ["C7", "HA"])
    assert legal(p) == {"C6", "CJ", "HJ"}
    why = state(p).violation(idx("jass", "H6"))
    assert why is not None and "undertrump" in why
    fixed[2] = "H6 HJ S9 S10 SJ SQ D9 D10 D6"
    fixed[1] = "HA C8 C9 S6 S7 S8 C6 D7 D8"
    p = jass_trump(fixed, ["C7", "HA"])
    assert legal(p) == set(fixed[2].split()) - {"H6"}


def test_jass_undertrumping_measured_against_the_highest_trump():
    """[JA] no undertrumping: against the best trump in the trick (Nell H9), not the last one."""
    fixed = {0: "C7 CA CK H10 H8 H7 DK DQ DJ", 1: "H6 C8 C9 S7 S8 SA D7 D8 D9",
             2: "H9 CQ C10 S9 S10 SJ DA D10 CJ", 3: "HA HJ C6 SQ SK S6 D6 HQ HK"}
    assert legal(jass_trump(fixed, ["C7", "H6", "H9"])) == {"C6", "HJ"}
    # Nell then a plain card: still no HA/HK/HQ (the last card played is no trump).
    fixed[1], fixed[2] = fixed[1].replace("H6", "H9"), fixed[2].replace("H9", "H6")
    assert legal(jass_trump(fixed, ["C7", "H9", "C10"])) == {"C6", "HJ"}


def test_jass_undertrumping_allowed_with_only_trumps():
    """[JA] undertrumping allowed "unless your hand holds nothing but trumps"."""
    deal = ["CA CK SA SK SQ DA DK DQ S10", "HJ C8 C7 SJ S9 S8 D10 D9 D8",
            "C6 H9 HA HK HQ H10 H8 H7 H6", "C9 C10 CQ CJ S7 S6 DJ D7 D6"]
    p = pos("jass", "trump", deal, trump="H", play=plays("CA C8 C6 C9 CK HJ"))
    assert state(p).to_move == 2
    assert legal(p) == set("H9 HA HK HQ H10 H8 H7 H6".split())
    # Seat 2 (all trumps) drops H6 under the Buur; seat 3 still may not undertrump the Buur
    # with H7, although H7 is higher than the last trump played.
    deal = ["CA CK CQ SA SK SQ DA DK DQ", "HJ C8 C9 SJ S10 S9 DJ D10 D9",
            "C6 C7 H9 HA HK HQ H10 H8 H6", "H7 CJ C10 S8 S7 S6 D8 D7 D6"]
    p = pos("jass", "trump", deal, trump="H", play=plays("CA C8 C6 C10  CK C9 C7 CJ  CQ HJ"))
    assert legal(p) == set("H9 HA HK HQ H10 H8 H6".split())
    p["play"].append("H6")
    assert legal(p) == {"S8", "S7", "S6", "D8", "D7", "D6"}


def test_jass_must_play_trump_on_trump_lead():
    """[JA] "on a trump lead you must play trump"."""
    p = jass_trump({0: "HK CA CK SA SK DA DK DQ DJ", 1: "H6 C6 C7 C8 S6 S7 D6 D7 D8"}, ["HK"])
    assert legal(p) == {"H6"}
    why = state(p).violation(idx("jass", "C6"))
    assert why is not None and "trump" in why


def test_jass_lone_buur_is_never_forced():
    """[JA] "the Buur is never forced (holding only the Buur as trump, you may play any card)"."""
    hand1 = "HJ C6 C7 C8 S6 S7 D6 D7 D8"
    p = jass_trump({0: "HK CA CK SA SK DA DK DQ DJ", 1: hand1}, ["HK"])
    assert legal(p) == set(hand1.split())
    p = jass_trump({0: "HK CA CK SA SK DA DK DQ DJ", 1: "HJ H6 C7 C8 S6 S7 D6 D7 D8"}, ["HK"])
    assert legal(p) == {"HJ", "H6"}


def test_jass_trump_lead_without_trumps_is_free():
    """[JA] trump lead, no trump in hand: any card."""
    hand1 = "C6 C7 C8 S6 S7 S8 D6 D7 D8"
    assert legal(jass_trump({0: "HK CA CK SA SK DA DK DQ DJ", 1: hand1}, ["HK"])) == set(hand1.split())


def test_jass_plain_lead_no_suit_no_trump_is_free():
    """[JA] can neither follow nor trump: any card."""
    hand1 = "S6 S7 S8 S9 D6 D7 D8 D9 D10"
    p = jass_trump({0: "CA CK CQ CJ C10 C9 C8 C7 C6", 1: hand1}, ["CA"])
    assert legal(p) == set(hand1.split())


# ---------------------------------------------------------------------------
# Scharwenzel: 4, 6, 8 players [SW]
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n,deck", [(4, FR32), (6, FR36), (8, FR32)])
def test_scharwenzel_deck_and_hand_sizes(n, deck):
    """[SW] "4 and 8 players: 32 cards (7 to A); 6 players: 36 cards (6 to A).
    4 players get 8 cards, 6 get 6, 8 get 4"."""
    p = Position.from_json(pos("scharwenzel", "trump", fill("scharwenzel", {}, n), trump="C"))
    assert p.n_seats == n and p.hand_size == len(deck) // n
    assert sorted(str(c) for h in p.deal for c in h) == sorted(deck)


@pytest.mark.parametrize("n,bad_deck", [(4, FR36), (6, FR32), (8, FR36)])
def test_scharwenzel_wrong_deck_rejected(n, bad_deck):
    """[SW] the deck depends on the player count (6s only with 6 players)."""
    size = len(bad_deck) // n
    deal = [" ".join(bad_deck[i * size:(i + 1) * size]) for i in range(n)]
    error_of(pos("scharwenzel", "trump", deal, trump="C"))


def test_scharwenzel_player_counts():
    """[SW] 4, 6 or 8 players only; Schafkopf and Jass 4."""
    deal = [" ".join(FR36[i * 6:(i + 1) * 6]) for i in range(5)] + [" ".join(FR36[30:])]
    error_of(pos("scharwenzel", "trump", deal[:5], trump="C"))
    error_of(pos("jass", "obenabe", deal))


@pytest.mark.parametrize("n", [4, 6, 8])
def test_scharwenzel_parties_are_even_and_odd_seats(n):
    """[SW] "Partners sit alternately: even seats against odd seats"."""
    for declarer in range(n):
        p = Position.from_json(pos("scharwenzel", "trump", fill("scharwenzel", {}, n),
                                   trump="S", declarer=declarer))
        assert p.declaring_party == {s for s in range(n) if s % 2 == declarer % 2}


@pytest.mark.parametrize("deal,play,leader,tricks,party_of", [
    (SW8, SW8_PLAY, 4, 4, 0), (SW6, SW6_PLAY, 4, 6, 0), (SW4, SW4_PLAY, 1, 8, 1),
    (SW8, [], 4, 4, 0), (SW6, [], 4, 6, 0), (SW4, [], 1, 8, 1)])
def test_scharwenzel_value_is_tricks_of_the_party(deal, play, leader, tricks, party_of):
    """[SW] value = tricks of the declarer's party (even or odd seats); one seat with the
    top trumps leads and takes every trick for its whole party."""
    trump = {8: "D", 6: "H", 4: "S"}[len(deal)]
    for declarer in range(len(deal)):
        p = pos("scharwenzel", "trump", deal, trump=trump, leader=leader, declarer=declarer,
                play=play)
        assert solve(p).value == (tricks if declarer % 2 == party_of else 0), declarer


def test_scharwenzel_two_trick_endgame():
    """[SW] tricks scored; ♦J (trump) overtrumps ♥A: lead ♣7 first (trump Herz)."""
    r = solve(pos("scharwenzel", "trump", SW4B, trump="H", play=SW4B_PLAY))
    assert (r.value, r.moves, r.to_move) == (7, {"HA": 6, "C7": 7}, 0)
    assert len(r.pv) == 8


# ---------------------------------------------------------------------------
# Short deck [SK] "Short deck (Kurze Karte)"
# ---------------------------------------------------------------------------
SHORT_SOLO = ["EO GO HO SO EU GU", "HU SU EA E10 EK E9", "GA G10 GK G9 HA H10", "HK H9 SA S10 SK S9"]


def test_short_deck_deal():
    """[SK] short deck: 7s and 8s removed, 24 cards, 6 each."""
    p = Position.from_json(pos("schafkopf", "solo", SHORT_SOLO, trump="E"))
    assert p.hand_size == 6 and p.n_tricks == 6
    bad = ["EO GO HO SO EU E7", SHORT_SOLO[1], SHORT_SOLO[2], "HK H9 SA S10 SK GU"]
    assert "E7" in error_of(pos("schafkopf", "solo", bad, trump="E"))
    bad = ["EO GO HO SO EU GU E7", SHORT_SOLO[1] + " E8", SHORT_SOLO[2] + " G7",
           SHORT_SOLO[3] + " G8"]     # 7 cards each
    error_of(pos("schafkopf", "solo", bad, trump="E"))


def test_short_deck_solo_and_tout():
    """[SK] short deck: still 120 points; 6 tricks make a Tout."""
    p = pos("schafkopf", "solo", SHORT_SOLO, trump="E")
    assert solve(p).value == 120
    p["tout"] = True
    assert solve(p).value == 6
    p["play"] = plays("EO HU GA HK  GO SU G10 H9  HO EA GK SA  SO E10 G9 S10")
    r = solve(p)
    assert (r.value, r.moves) == (6, {"EU": 6, "GU": 6})


# ---------------------------------------------------------------------------
# Solved endgames (values worked out by hand)
# ---------------------------------------------------------------------------


def test_solo_two_trick_endgame():
    """[SK] Solo Gras, card points: leading E10 first (GA later trumps the Schellen) beats
    cashing GA. Tricks 1-6: 74 for the declarer; E10 line +21, GA line +11."""
    r = solve(pos("schafkopf", "solo", SOLO_G, trump="G", play=SOLO_G_PLAY))
    assert (r.value, r.moves, r.to_move) == (95, {"GA": 85, "E10": 95}, 0)
    assert r.pv[:4] == ["E10", "EA", "E9", "EK"]


def test_tout_counts_tricks_and_a_zero_point_trick_loses():
    """[SK] Tout: "the declarer must win every trick; a single trick lost, even one with
    0 points, loses": he takes all 120 points but only 7 of 8 tricks."""
    p = pos("schafkopf", "solo", TOUT_G, trump="G", play=TOUT_G_PLAY)
    r = solve(p)
    assert (r.value, r.moves) == (120, {"GA": 120, "E7": 120})
    p["tout"] = True
    r = solve(p)
    assert (r.value, r.moves) == (7, {"GA": 7, "E7": 7})


def test_ramsch_declarer_minimises_own_points():
    """[SK] Ramsch: "how few points can a given seat hold itself to when the other three
    play against it". Prefix 74; E7 first +21 (EA wins the Eichel), HA first +46."""
    r = solve(pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY))
    assert (r.value, r.moves, r.to_move) == (95, {"HA": 120, "E7": 95}, 0)


def test_sauspiel_sau_rules_change_the_value():
    """[SK] Sauspiel 1 and 3 in the search: on E7 the holder must give up the Sau (trumped by
    HU); on G7 he may not discard it before the last trick. Declaring party: 11 either way
    (ignoring the rules it would make 22)."""
    p = sauspiel(SAU_FORCE, leader=1, play=SAU_FORCE_PLAY)
    assert legal(p) == {"E7", "G7"}
    r = solve(p)
    assert (r.value, r.moves, r.to_move) == (11, {"E7": 11, "G7": 11}, 1)


def test_sauspiel_davonlaufen_and_lapse_in_search():
    """[SK] Sauspiel 2 and the lapse after davonlaufen, in the search. Holder 2 leads with
    EA E10 E9; the party has 72 from tricks 1-5 and 48 points are left.
    Default: only EA may be led (EA: +36, see below).
    Variant davonlaufen_min 3: E9 loses to EK; then seat 1 leads G7, GA wins and the holder
    may now discard the Sau on it (EA + GA = 22; the last trick goes to HU): +22
    (+21 if the Sau could not be discarded). EA first: +15 + GA smeared, then HU takes
    E9 + G10 or E10 + G9 (10): +36. E10 first: +35."""
    p = sauspiel(SAU_RUN, leader=2, play=SAU_RUN_PLAY)
    r = solve(p)
    assert (r.value, r.moves, r.to_move) == (108, {"EA": 108}, 2)
    p["rules"] = {"davonlaufen_min": 3}
    r = solve(p)
    assert (r.value, r.moves, r.to_move) == (108, {"EA": 108, "E10": 107, "E9": 94}, 2)


def test_jass_last_trick_bonus_and_total_157():
    """[JA] "Last trick +5: every mode totals 157". Obenabe, 122 in tricks 1-7; C7 first:
    + C7 DK S7 HK (8), the last trick D6 DA S6 HA (22 + 5) to seats 1/3."""
    p = pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY)
    r = solve(p)
    assert (r.value, r.moves, r.to_move) == (130, {"C7": 130, "D6": 122}, 0)
    p["declarer"] = 1
    r = solve(p)
    assert (r.value, r.moves) == (27, {"C7": 27, "D6": 35})


def test_jass_obenabe_full_deal():
    """[JA] the same deal from the start: clubs first give 130; D6 first lets seat 1 run its
    diamonds and lead C6 last: seats 0/2 get only C6 CA SA H6 + 5 = 27. Both sides: 157."""
    p = pos("jass", "obenabe", OBENABE)
    r = solve(p)
    assert r.value == 130
    assert r.moves["D6"] == 27
    assert all(v == 130 for c, v in r.moves.items() if c != "D6")
    p["declarer"] = 1
    assert solve(p).value == 157 - 130


@pytest.mark.parametrize("contract,extra,prefix", [
    ("obenabe", {}, SUITS_PLAY), ("undeufe", {}, SUITS_PLAY), ("trump", {"trump": "C"}, SUITS_PLAY),
    ("obenabe", {}, [])])
def test_jass_match_bonus(contract, extra, prefix):
    """[JA] "Match (one team takes all 9 tricks) +100": 152 + 5 + 100 = 257 (seat 0 holds
    every club and leads)."""
    p = pos("jass", contract, SUITS, play=prefix, **extra)
    assert solve(p).value == 257
    p["declarer"] = 1
    assert solve(p).value == 0


def test_jass_endgame_no_undertrumping_in_search():
    """[JA] no undertrumping, in the search (trump Herz; seats 0/2 took 110 in tricks 1-7).
    DA lead: seat 1 trumps with the Buur, seat 2 may not drop H6 under it and must give SA
    (42 to seats 1/3); H6 then wins S6 in the last trick: +5. D7 lead: seat 1 discards S6
    and later trumps SA: +0. (With undertrumping allowed it would be 126.)"""
    p = pos("jass", "trump", JASS_UNDER, trump="H", play=JASS_UNDER_PLAY)
    r = solve(p)
    assert (r.value, r.moves, r.to_move) == (115, {"DA": 115, "D7": 110}, 0)


def test_jass_endgame_lone_buur_not_forced_in_search():
    """[JA] "the Buur is never forced", in the search (trump Herz; 111 in tricks 1-7).
    H6 lead: seat 1 keeps the lone Buur (plays C6), seat 2 smears C10 (+10), the Buur takes
    CA in the last trick. CA lead: the Buur trumps CA and C10 at once (+5 only).
    (If the Buur were forced it would be 137.)"""
    p = pos("jass", "trump", JASS_BUUR, trump="H", play=JASS_BUUR_PLAY)
    r = solve(p)
    assert (r.value, r.moves, r.to_move) == (121, {"H6": 121, "CA": 116}, 0)


def test_jass_finished_hand_counts_last_trick_and_match():
    """[JA] a finished hand: last trick +5 goes to its winner; the match +100."""
    p = pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY + plays("C7 DK S7 HK D6 DA S6 HA"))
    r = solve(p)
    assert r.value == 130
    p["declarer"] = 1
    r = solve(p)
    assert r.value == 27
    p = pos("jass", "trump", SUITS, trump="C", play=SUITS_PLAY + plays("C7 D7 S7 H7 C6 D6 S6 H6"))
    r = solve(p)
    assert r.value == 257


def test_last_trick_only_one_card_each():
    """Seats play in order and the trick winner leads: after 7 tricks, value = so far + last."""
    p = sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:28])
    r = solve(p)
    # Seat 1 leads GK and wins; party keeps 56.
    assert (r.value, r.moves, r.to_move) == (56, {"GK": 56}, 1)
    assert r.pv == ["GK", "EA", "SK", "E10"]


def test_trick_history_and_leader():
    """Seats are in playing order; "the trick winner leads next"."""
    st = state(pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY[:8]))
    names = [[str(parse_card_index("schafkopf", c)) for c in cs] for _, cs, _ in st.history]
    assert names == [["EO", "HU", "H7", "G7"], ["GO", "SU", "GA", "E9"]]
    assert [(lead, win) for lead, _, win in st.history] == [(0, 0), (0, 0)]
    assert st.points[0] == 5 + 16
    st = state(sauspiel(SAU3, play=plays("E7 EK EA GU")))
    assert st.history[0][2] == 3 and st.to_move == 3


def test_solver_object_and_result_fields():
    """API: Solver().solve gives the same answer; Jass results carry Weis and Stöck."""
    p = pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY)
    r = Solver(tt_bits=12).solve(p)
    assert r.value == 130
    assert r.weis == [550, 0] and r.stoeck == [0, 0]
    assert solve(pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY)).weis is None


# ---------------------------------------------------------------------------
# Weis and Stöck [JA] "Weis"
# ---------------------------------------------------------------------------


def weis(deal, contract="trump", trump="H", leader=0, rules=None):
    extra = {"trump": trump} if contract == "trump" else {}
    if rules:
        extra["rules"] = rules
    w, s = jass_weis(Position.from_json(pos("jass", contract, deal, leader=leader, **extra)))
    return list(w), list(s)


def test_weis_none():
    """[JA] no run of three, no four of a kind: no Weis; no trump K+Q in one hand: no Stöck."""
    for trump in "CSHD":
        assert weis(W_NONE, trump=trump) == ([0, 0], [0, 0])


def test_weis_more_points_best_single_weis():
    """[JA] "Only the team holding the best single Weis writes": s1's 50 beats s0's and
    s2's 20 + 20 = 40."""
    assert weis(W_POINTS) == ([0, 50], [0, 0])
    assert weis(W_POINTS, "undeufe")[0] == [0, 50]


def test_weis_sequence_beats_four_of_a_kind():
    """[JA] "at equal points a sequence beats four of a kind" (100 vs four Kings), whoever
    comes first; the variant weis_four_beats_sequence turns it round (100 + 20 for s1/s3)."""
    for leader in range(4):
        assert weis(W_SEQ_VS_FOUR, leader=leader)[0] == [100, 0]
    assert weis(W_SEQ_VS_FOUR, rules={"weis_four_beats_sequence": True})[0] == [0, 120]


def test_weis_higher_top_card_undeufe_lower():
    """[JA] "then the higher top card (undeufe: the lower)": SJ-K beats C7-9, not in undeufe."""
    assert weis(W_TOP, "obenabe", leader=0)[0] == [0, 20]
    assert weis(W_TOP, "trump", trump="D", leader=0)[0] == [0, 20]
    assert weis(W_TOP, "undeufe", leader=1)[0] == [20, 0]


def test_weis_trump_suit_then_playing_order():
    """[JA] "then the one in the trump suit; then the player who comes first in playing
    order from the leader"."""
    assert weis(W_TRUMP, trump="S", leader=0)[0] == [0, 20]
    assert weis(W_TRUMP, trump="C", leader=1)[0] == [20, 0]
    assert weis(W_TRUMP, trump="D", leader=0)[0] == [20, 0]
    assert weis(W_TRUMP, trump="D", leader=1)[0] == [0, 20]
    assert weis(W_TRUMP, "obenabe", leader=3)[0] == [20, 0]   # order 3, 0, 1, 2
    assert weis(W_TRUMP, "obenabe", leader=2)[0] == [20, 0]   # order 2, 3, 0, 1
    assert weis(W_TRUMP, "obenabe", leader=1)[0] == [0, 20]   # order 1, 2, 3, 0


def test_weis_kreuzweis_and_four_jacks():
    """[JA] four Jacks 200; "A card may count in two Weis (Kreuzweis)": SJ in four Jacks and
    in SJ-SQ-SK, 220; the no-Kreuzweis variant keeps only 200."""
    assert weis(W_KREUZ, trump="H") == ([220, 0], [0, 0])
    assert weis(W_KREUZ, trump="H", rules={"weis_kreuzweis": False})[0] == [200, 0]


def test_weis_four_nines_150():
    """[JA] four 9s 150, the best Weis of the deal."""
    assert weis(W_NINES, trump="H")[0] == [0, 150]


def test_weis_four_sixes_100_and_variant_zero():
    """[JA] four of a kind 100 "(four 6s, 7s, 8s too)"; variant: four 6/7/8 worth 0."""
    assert weis(W_SIXES, trump="H")[0] == [0, 100]
    assert weis(W_SIXES, trump="H", rules={"weis_four_low_zero": True})[0] == [20, 0]


def test_weis_long_sequences_and_order_tie():
    """[JA] 8 in a row 250, 9 in a row 300; two equal 300s in obenabe: first from the leader."""
    assert weis(OBENABE, "obenabe", leader=0)[0] == [550, 0]
    assert weis(OBENABE, "obenabe", leader=3)[0] == [0, 550]


def test_weis_sequence_cap_variant():
    """[JA] variant "sequences capped at 100"."""
    assert weis(OBENABE, "obenabe", leader=0, rules={"weis_sequence_cap": True})[0] == [200, 0]


def test_stoeck_trump_games_only_and_regardless_of_weis():
    """[JA] "Stöck: trump K+Q in one hand, 20, in trump games only, scored regardless of the
    Weis comparison"."""
    assert weis(W_TRUMP, trump="H", leader=0) == ([20, 0], [0, 20])
    assert weis(W_TRUMP, "obenabe")[1] == [0, 0]
    assert weis(W_TRUMP, "undeufe")[1] == [0, 0]
    assert weis(W_KREUZ, trump="S")[1] == [20, 0]
    assert weis(W_KREUZ, trump="C")[1] == [0, 0]


def test_weis_nine_in_a_row_trump_suit_decides():
    """[JA] four sequences of 9 (300 each, all topped by the Ace): the one in the trump suit
    is best, and its team writes both of its 300s; Stöck goes with the trump K+Q."""
    assert weis(SUITS, trump="C") == ([600, 0], [20, 0])
    assert weis(SUITS, trump="H") == ([0, 600], [0, 20])
    assert weis(SUITS, "obenabe", leader=1) == ([0, 600], [0, 0])


def test_weis_in_solve_result():
    """[JA] solve() reports Weis and Stöck of the dealt hands."""
    r = solve(pos("jass", "trump", SUITS, trump="C", play=SUITS_PLAY))
    assert (r.value, r.weis, r.stoeck) == (257, [600, 0], [20, 0])


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------
GOOD_SAU = SAU4


def bad(**change):
    p = sauspiel(GOOD_SAU)
    Position.from_json(p)           # unchanged: valid
    p.update(change)
    return {k: v for k, v in p.items() if v is not None}


def test_reject_unknown_game_contract_suit():
    """Validation: unknown game, contract, trump or called suit."""
    assert "game" in error_of(bad(game="poker"))
    assert "contract" in error_of(bad(contract="bettel"))
    assert "contract" in error_of(pos("jass", "sauspiel", fill("jass", {})))
    assert "suit" in error_of(pos("schafkopf", "solo", fill("schafkopf", {}), trump="X"))
    assert "suit" in error_of(pos("jass", "trump", fill("jass", {}), trump="E"))
    assert "suit" in error_of(bad(called="Q"))


def test_reject_unknown_card():
    """Validation: a card that is not in the deck, naming the seat."""
    deal = list(GOOD_SAU)
    deal[3] = deal[3].replace("S7", "S6")
    msg = error_of(bad(deal=deal))
    assert "S6" in msg and "seat 3" in msg
    deal[3] = GOOD_SAU[3].replace("S7", "Q7")
    assert "Q7" in error_of(bad(deal=deal))


def test_reject_card_dealt_twice_or_missing():
    """Validation: "A full deal must list the complete deck"."""
    deal = list(GOOD_SAU)
    deal[3] = deal[3].replace("S7", "S8")          # S8 twice (seats 1 and 3), S7 missing
    assert "S8" in error_of(bad(deal=deal))
    deal = [" ".join(h.split()[:7]) for h in GOOD_SAU]   # 7 each: 4 cards missing
    error_of(bad(deal=deal))


def test_reject_hands_of_different_sizes():
    """Validation: all hands must have the same size."""
    deal = list(GOOD_SAU)
    deal[1] = deal[1] + " S7"
    deal[3] = deal[3].replace(" S7", "")
    assert "size" in error_of(bad(deal=deal))


def test_reject_bad_sauspiel_calls():
    """[SK] Sauspiel: "the declarer calls the Sau of E, G or S; he must not hold it and must
    hold a non-trump card of that suit"; a call is required."""
    msg = error_of(bad(called="H"))
    assert "Herz" in msg or "trump" in msg
    assert "called" in error_of(bad(called=None))
    deal = ["EA GA G10 GK HK H9 H8 H7", GOOD_SAU[1], "E7 E10 E9 E8 EO GO HO SO", GOOD_SAU[3]]
    assert "Sau" in error_of(bad(deal=deal))                     # declarer holds the Sau
    deal = ["EO GA G10 GK HK H9 H8 H7", GOOD_SAU[1], "EA E10 E9 E8 E7 GO HO SO", GOOD_SAU[3]]
    error_of(bad(deal=deal))                                     # only the trump EO
    # Calling Gras with GO as the only Gras-lettered card (a trump): not allowed.
    assert "called suit" in error_of(
        bad(called="G", deal=[GOOD_SAU[2], GOOD_SAU[0], GOOD_SAU[1], GOOD_SAU[3]]))
    error_of(pos("schafkopf", "solo", fill("schafkopf", {}), trump="E", called="G"))


def test_reject_illegal_play_with_seat_and_rule():
    """Validation: "illegal card in play with the seat and the rule in the message"."""
    msg = error_of(bad(play=["E7", "G9"]))                     # seat 1 holds EK
    assert "seat 1" in msg and "G9" in msg and "follow" in msg
    msg = error_of(bad(play=["GA", "G7", "EA"]))                # Sauspiel 3
    assert "seat 2" in msg and "EA" in msg and "Sau" in msg
    msg = error_of(bad(play=["H7", "EO"]))                      # not seat 1's card
    assert "seat 1" in msg
    msg = error_of(sauspiel(SAU3, leader=2, play=["E9"]))       # Sauspiel 2
    assert "seat 2" in msg and "davonlaufen" in msg


def test_reject_play_longer_than_the_deal():
    """Validation: play longer than the deal."""
    msg = error_of(sauspiel(SAU_LAST, play=SAU_LAST_PLAY + ["EA"]))
    assert "33" in msg


def test_reject_tout_outside_tout_contracts():
    """[SK] Tout exists for solo, wenz, geier, farbwenz, farbgeier only."""
    error_of(bad(tout=True))
    error_of(pos("schafkopf", "ramsch", fill("schafkopf", {}), tout=True))
    error_of(pos("jass", "obenabe", fill("jass", {}), tout=True))
    Position.from_json(pos("schafkopf", "wenz", fill("schafkopf", {}), tout=True))


def test_reject_unknown_rule_variant():
    """Variants are position options: unknown names are rejected, known ones accepted."""
    error_of(bad(rules={"davonlaufen": 3}))
    Position.from_json(bad(rules={"davonlaufen_min": 3}))


# ---------------------------------------------------------------------------
# Round trips: printing then parsing gives the same thing
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("style", ["german", "french"])
def test_every_card_prints_and_parses_back(style):
    """RULES "Card notation": canonical printing round-trips, also via the suit symbol."""
    deck = SK_DECK if style == "german" else FR36
    for name in deck:
        card = parse_card(name, style)
        assert str(card) == name
        assert parse_card(str(card), style) == card
        assert parse_card(card.symbol(), style) == card
        assert parse_card(name.lower(), style) == card


def test_position_json_round_trips():
    """A parsed position prints to JSON that parses to the same position."""
    p = pos("schafkopf", "sauspiel", fill("schafkopf", {0: "E7 E8 E9 G7 G8 G9 S7 S8"}),
            called="E", play=["E7"], rules={"davonlaufen_min": 3})
    first = Position.from_json(p)
    again = Position.from_json(first.to_json())
    assert again == first
    assert again.to_json() == first.to_json()
