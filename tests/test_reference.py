"""Tests of the independent reference oracle ``tests/reference.py``.

Every expected value below was worked out by hand from /work/shared/RULES.md;
the section of RULES.md each test checks is named in its docstring:
  [SK] Schafkopf, [JA] Swiss Jass (Schieber), [SW] Scharwenzel.
Positions are plain dicts in the project's JSON format; a full deal always
lists the complete deck, endgames are a full deal plus a ``play`` prefix.
"""
from __future__ import annotations

import itertools

import pytest
import reference as ref
from rulebook import *  # noqa: F401,F403  (decks, deal builders, RULES.md orders, hand-built deals)


# ---------------------------------------------------------------------------
# Decks and helpers
# ---------------------------------------------------------------------------
def legal(p):
    return set(ref.legal_moves(p))


# ---------------------------------------------------------------------------
# Card orders (trumps and plain suits) for every contract
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", sorted(ORDER_CASES))
def test_trump_order(case):
    """[SK] contract table / [JA] mode table / [SW] trumps: the full trump order."""
    game = ref.Game(order_position(case))
    assert game.trumps == ORDER_CASES[case][5]


@pytest.mark.parametrize("case", sorted(ORDER_CASES))
def test_plain_order(case):
    """[SK]/[JA]/[SW] plain suits, high to low (Wenz: O between K and 9; SW: 10 below K)."""
    game = ref.Game(order_position(case))
    for suit, expected in ORDER_CASES[case][6].items():
        got = sorted((c for c in game.plain_index if c[0] == suit), key=game.plain_index.get)
        assert got == expected, suit


@pytest.mark.parametrize("case", sorted(ORDER_CASES))
def test_orders_partition_the_deck(case):
    """Every card of the deck is exactly one trump or one plain card of its suit."""
    game, _, _, n, short, trumps, plain = ORDER_CASES[case]
    listed = trumps + [c for cards in plain.values() for c in cards]
    assert sorted(listed) == sorted(deck_for(game, n, short))


@pytest.mark.parametrize("case", sorted(ORDER_CASES))
def test_trick_winner_follows_the_orders(case):
    """Highest trump wins; otherwise the highest card of the led suit; others never win."""
    _, _, _, _, _, trumps, plain = ORDER_CASES[case]
    game = ref.Game(order_position(case))
    for i, j in itertools.combinations(range(len(trumps)), 2):
        hi, lo = trumps[i], trumps[j]
        assert game.trick_winner_index((lo, hi)) == 1, (lo, hi)
        assert game.trick_winner_index((hi, lo)) == 0, (hi, lo)
    for suit, cards in plain.items():
        for i, j in itertools.combinations(range(len(cards)), 2):
            hi, lo = cards[i], cards[j]
            assert game.trick_winner_index((lo, hi)) == 1, (lo, hi)
            assert game.trick_winner_index((hi, lo)) == 0, (hi, lo)
        if trumps:  # the lowest trump beats the best plain card
            assert game.trick_winner_index((cards[0], trumps[-1])) == 1
        for other, other_cards in plain.items():
            if other != suit:  # a card of another plain suit never wins
                assert game.trick_winner_index((cards[-1], other_cards[0])) == 0


# ---------------------------------------------------------------------------
# Card points
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("contract,extra", [
    ("sauspiel", {"called": "E"}), ("ramsch", {}), ("solo", {"trump": "G"}), ("wenz", {}),
    ("geier", {}), ("farbwenz", {"trump": "S"}), ("farbgeier", {"trump": "E"})])
@pytest.mark.parametrize("short", [False, True])
def test_schafkopf_card_points(contract, extra, short):
    """[SK] A 11, 10 10, K 4, O 3, U 2, 9/8/7 0: 120 in every contract, short deck too."""
    fixed = {0: "EK E9 GK G9 SK S9"} if short else {0: "E7 E8 E9 G7 G8 G9 S7 S8"}
    game = ref.Game(pos("schafkopf", contract, fill("schafkopf", fixed, short=short), **extra))
    values = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
    assert game.card_points == {c: values[c[1:]] for c in deck_for("schafkopf", short=short)}
    assert sum(game.card_points.values()) == 120


def test_jass_trump_card_points():
    """[JA] trump suit J 20, 9 14, A 11, K 4, Q 3, 10 10; plain J 2, 9 0; 152 + 5 = 157."""
    game = ref.Game(pos("jass", "trump", fill("jass", {}), trump="H"))
    p = game.card_points
    assert [p["H" + r] for r in "J 9 A K Q 10 8 7 6".split()] == [20, 14, 11, 4, 3, 10, 0, 0, 0]
    assert [p["C" + r] for r in "A K Q J 10 9 8 7 6".split()] == [11, 4, 3, 2, 10, 0, 0, 0, 0]
    assert sum(p.values()) == 152


def test_jass_obenabe_undeufe_card_points():
    """[JA] obenabe: plain values and 8 = 8; undeufe: 6 11, 10 10, 8 8, K 4, Q 3, J 2, A 0."""
    ob = ref.Game(pos("jass", "obenabe", fill("jass", {}))).card_points
    un = ref.Game(pos("jass", "undeufe", fill("jass", {}))).card_points
    ranks = "A K Q J 10 9 8 7 6".split()
    assert [ob["D" + r] for r in ranks] == [11, 4, 3, 2, 10, 0, 8, 0, 0]
    assert [un["D" + r] for r in ranks] == [0, 4, 3, 2, 10, 0, 8, 0, 11]
    assert sum(ob.values()) == sum(un.values()) == 152


# ---------------------------------------------------------------------------
# Following suit (trump counts as one suit)
# ---------------------------------------------------------------------------
FOLLOW_CASES = [
    # (id, game, contract, extra, seat-1 hand, led card by seat 0, expected legal)
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
    """[SK] follow the led suit, trump counting as one suit; if you can't, anything."""
    _, contract, extra, hand1, lead, expected = case
    zero = " ".join(c for c in SK_DECK if c not in hand1.split() and c != lead)
    hand0 = " ".join([lead] + zero.split()[:7])
    deal = fill("schafkopf", {0: hand0, 1: hand1})
    assert legal(pos("schafkopf", contract, deal, play=[lead], **extra)) == expected


@pytest.mark.parametrize("trump,hand1,lead,expected", [
    ("D", "HQ HJ C7 C8 S7 S8 S9 SA", "HA", {"HQ"}),           # red Q plain when not trump
    ("H", "HQ DQ C7 C8 S7 S8 S9 SA", "H9", {"HQ"}),           # HQ trump when H is trump
    ("D", "CQ CJ C7 H7 H8 H9 S8 S9", "C10", {"C7"}),          # CQ/CJ trumps, C7 plain
    ("D", "SQ C7 H7 H8 H9 S8 S9 SA", "D9", {"SQ"}),           # Basta follows a trump lead
    ("D", "D7 C7 H7 H8 H9 S8 S9 SA", "CQ", {"D7"}),           # Nillje is a trump
    ("C", "HJ SA SK S10 S9 H8 D8 D9", "CA", {"HJ"}),          # every Jack is a trump
])
def test_scharwenzel_following(trump, hand1, lead, expected):
    """[SW] follow suit (trump counts as one suit), else any card."""
    deck = FR32
    hand0 = " ".join([lead] + [c for c in deck if c not in hand1.split() and c != lead][:7])
    deal = fill("scharwenzel", {0: hand0, 1: hand1})
    assert legal(pos("scharwenzel", "trump", deal, play=[lead], trump=trump)) == expected


@pytest.mark.parametrize("contract", ["obenabe", "undeufe"])
def test_jass_no_trump_following(contract):
    """[JA] obenabe/undeufe: follow suit, else any card."""
    hand1 = "CA C10 H6 H7 S6 S7 D6 D7 D8"
    deal = fill("jass", {0: "C6 HA HK SA SK DA DK DQ DJ", 1: hand1})
    assert legal(pos("jass", contract, deal, play=["C6"])) == {"CA", "C10"}
    deal = fill("jass", {0: "C6 CK HK SA SK DA DK DQ DJ", 1: "HA H10 H6 H7 S6 S7 D6 D7 D8"})
    assert legal(pos("jass", contract, deal, play=["C6"])) == set("HA H10 H6 H7 S6 S7 D6 D7 D8".split())


# ---------------------------------------------------------------------------
# Sauspiel called-Sau restrictions [SK] "Sauspiel" 1-3
# ---------------------------------------------------------------------------


def test_sau_rule1_must_play_sau_when_called_suit_led():
    """[SK] Sauspiel 1: when the called suit is led, the holder must play the Sau."""
    p = sauspiel(SAU4, play=["E7", "EK"])
    assert ref.to_move(p) == 2
    assert legal(p) == {"EA"}


def test_sau_rule1_other_seats_follow_normally():
    """[SK] Sauspiel 1 binds only the holder: seat 1 may play any Eichel it holds."""
    p = sauspiel(SAU3, play=["E7"])
    assert legal(p) == {"EK", "E8"}


def test_sau_rule2_lead_only_with_sau():
    """[SK] Sauspiel 2: with < 4 cards of the called suit the holder leads it only with the Sau."""
    p = sauspiel(SAU3, leader=2)
    assert legal(p) == {"EA", "EO", "GO", "HO", "SO", "EU"}


def test_sau_rule2_davonlaufen_with_four():
    """[SK] Sauspiel 2: with >= 4 cards of the called suit (Sau included) any may be led."""
    p = sauspiel(SAU4, leader=2)
    assert legal(p) == set(SAU4[2].split())


def test_sau_rule2_davonlaufen_variant_three():
    """[SK] variant davonlaufen_min 3: three cards of the called suit suffice."""
    p = sauspiel(SAU3, leader=2, rules={"davonlaufen_min": 3})
    assert legal(p) == set(SAU3[2].split())


def test_sau_rule2_count_is_taken_at_the_moment_of_the_lead():
    """[SK] Sauspiel 2 "at that moment": 4 Eichel dealt, one discarded, 3 left: no davonlaufen."""
    # Trick 1: GA G7 E8 S7 (seat 0 wins, holder discards E8); trick 2: H7 S8 EO HU (seat 2 wins).
    p = sauspiel(SAU4, play=plays("GA G7 E8 S7 H7 S8 EO HU"))
    assert ref.to_move(p) == 2
    assert legal(p) == {"EA", "GO", "HO", "SO"}
    p["rules"] = {"davonlaufen_min": 3}
    assert legal(p) == {"EA", "E10", "E9", "GO", "HO", "SO"}


def test_sau_rule2_short_deck_needs_variant():
    """[SK] short deck: 3 of the 4 plain Eichel; davonlaufen only with the variant minimum 3."""
    p = sauspiel(SAU_SHORT, leader=2)
    assert legal(p) == {"EA", "EO", "GO", "HO"}
    p["rules"] = {"davonlaufen_min": 3}
    assert legal(p) == set(SAU_SHORT[2].split())


def test_sau_rule3_no_discarding_the_sau():
    """[SK] Sauspiel 3: on another lead the holder may not discard the Sau."""
    p = sauspiel(SAU4, play=["GA", "G7"])  # holder has no Gras
    assert legal(p) == {"E10", "E9", "E8", "EO", "GO", "HO", "SO"}
    deal = fill("schafkopf", {0: "E7 GA G10 GK HK H9 H8 H7", 2: "EA E10 S7 S8 S9 G9 G8 G7"})
    p = sauspiel(deal, play=["H7", "EO"])  # trump lead, holder has no trump
    assert legal(p) == {"E10", "S7", "S8", "S9", "G9", "G8", "G7"}


def test_sau_rule3_exception_last_trick():
    """[SK] Sauspiel 3: the Sau may be discarded in the last trick (called suit never led)."""
    before_t7 = sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:25])  # G10 led in trick 7
    assert ref.to_move(before_t7) == 2
    assert legal(before_t7) == {"S10"}
    last = sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:29])  # GK led in trick 8
    assert legal(last) == {"EA"}
    done = ref.reference_solve(sauspiel(SAU_LAST, play=SAU_LAST_PLAY))
    # Declarer 0 + partner 2 won tricks 1-5: 3 + 28 + 9 + 5 + 11.
    assert done == {"value": 56, "moves": {}, "to_move": None}


def test_sau_restrictions_lapse_after_davonlaufen():
    """[SK] after davonlaufen the holder follows normally and may discard the Sau."""
    rules = {"davonlaufen_min": 3}
    # Trick 1: holder 2 runs away with E9; SK, E7, EK: seat 1 wins and leads.
    p = sauspiel(SAU3, leader=2, rules=rules, play=plays("E9 SK E7 EK E8"))
    assert legal(p) == {"EA", "E10"}            # no longer forced to play the Sau
    p = sauspiel(SAU3, leader=2, rules=rules, play=plays("E9 SK E7 EK G9"))
    assert legal(p) == {"EA", "E10", "EO", "GO", "HO", "SO", "EU"}  # may discard it


def test_sau_restrictions_lapse_after_called_suit_led():
    """[SK] "after the first lead of the called suit these restrictions lapse"."""
    # Trick 1: seat 0 leads E7, seat 1 EK, holder EA (forced), seat 3 GU (trump) wins.
    p = sauspiel(SAU3, play=plays("E7 EK EA GU"))
    assert ref.to_move(p) == 3
    # Holder later leads Eichel freely (E10) and is never restricted again.
    p = sauspiel(SAU3, play=plays("E7 EK EA GU  H7 HA E8 EU"))
    assert ref.to_move(p) == 2
    assert "E10" in legal(p) and "E9" in legal(p)


def test_sau_illegal_play_is_rejected():
    """[SK] Sauspiel 2: leading E9 with three Eichel is illegal by default."""
    with pytest.raises(ValueError, match="seat 2"):
        ref.to_move(sauspiel(SAU3, leader=2, play=["E9"]))


# ---------------------------------------------------------------------------
# Jass trump rules [JA]
# ---------------------------------------------------------------------------


def test_jass_trump_allowed_when_able_to_follow():
    """[JA] a plain lead may be followed or trumped, even when you could follow."""
    p = jass_trump({0: "CA C6 HA SA SK DA DK DQ DJ", 1: "C7 H6 S6 S7 S8 S9 D6 D7 D8"}, ["CA"])
    assert legal(p) == {"C7", "H6"}


def test_jass_no_undertrumping():
    """[JA] no undertrumping: a trump lower than one already in a plainly-led trick."""
    fixed = {0: "C7 CA CK SA SK DA DK DQ DJ", 1: "HA C8 C9 S6 S7 S8 D6 D7 D8",
             2: "C6 H6 HJ S9 S10 SJ D9 D10 CJ"}
    p = jass_trump(fixed, ["C7", "HA"])
    assert legal(p) == {"C6", "CJ", "HJ"}   # follow, or overtrump; H6 would undertrump
    fixed[2] = "H6 HJ S9 S10 SJ SQ D9 D10 D6"
    fixed[1] = "HA C8 C9 S6 S7 S8 C6 D7 D8"
    p = jass_trump(fixed, ["C7", "HA"])
    assert legal(p) == set(fixed[2].split()) - {"H6"}   # can't follow: anything but H6


def test_jass_undertrumping_measured_against_the_highest_trump():
    """[JA] no undertrumping: compared with the best trump in the trick, not the last one."""
    fixed = {0: "C7 CA CK H10 H8 H7 DK DQ DJ", 1: "H6 C8 C9 S7 S8 SA D7 D8 D9",
             2: "H9 CQ C10 S9 S10 SJ DA D10 CJ", 3: "HA HJ C6 SQ SK S6 D6 HQ HK"}
    p = jass_trump(fixed, ["C7", "H6", "H9"])
    # H9 (Nell) beats HA, HK, HQ: only C6 (follow) and HJ (overtrump) remain.
    assert legal(p) == {"C6", "HJ"}
    # Nell then a plain card: still no HA/HK/HQ (the last card played is no trump).
    fixed[1], fixed[2] = fixed[1].replace("H6", "H9"), fixed[2].replace("H9", "H6")
    assert legal(jass_trump(fixed, ["C7", "H9", "C10"])) == {"C6", "HJ"}


def test_jass_undertrumping_allowed_with_only_trumps():
    """[JA] undertrumping is allowed when the hand holds nothing but trumps."""
    deal = ["CA CK SA SK SQ DA DK DQ S10", "HJ C8 C7 SJ S9 S8 D10 D9 D8",
            "C6 H9 HA HK HQ H10 H8 H7 H6", "C9 C10 CQ CJ S7 S6 DJ D7 D6"]
    # Trick 1: CA C8 C6 C9 (seat 0 wins); trick 2: CK, seat 1 trumps with the Buur.
    p = pos("jass", "trump", deal, trump="H", play=plays("CA C8 C6 C9 CK HJ"))
    assert ref.to_move(p) == 2
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
    """[JA] on a trump lead you must play trump."""
    p = jass_trump({0: "HK CA CK SA SK DA DK DQ DJ", 1: "H6 C6 C7 C8 S6 S7 D6 D7 D8"}, ["HK"])
    assert legal(p) == {"H6"}


def test_jass_lone_buur_is_never_forced():
    """[JA] holding only the Buur as trump, you may play any card on a trump lead."""
    hand1 = "HJ C6 C7 C8 S6 S7 D6 D7 D8"
    p = jass_trump({0: "HK CA CK SA SK DA DK DQ DJ", 1: hand1}, ["HK"])
    assert legal(p) == set(hand1.split())
    p = jass_trump({0: "HK CA CK SA SK DA DK DQ DJ", 1: "HJ H6 C7 C8 S6 S7 D6 D7 D8"}, ["HK"])
    assert legal(p) == {"HJ", "H6"}          # with another trump: trump


def test_jass_trump_lead_without_trumps_is_free():
    """[JA] on a trump lead a hand without trumps plays any card."""
    hand1 = "C6 C7 C8 S6 S7 S8 D6 D7 D8"
    p = jass_trump({0: "HK CA CK SA SK DA DK DQ DJ", 1: hand1}, ["HK"])
    assert legal(p) == set(hand1.split())


def test_jass_plain_lead_no_suit_no_trump_is_free():
    """[JA] a plain lead that can't be followed nor trumped: any card."""
    hand1 = "S6 S7 S8 S9 D6 D7 D8 D9 D10"
    p = jass_trump({0: "CA CK CQ CJ C10 C9 C8 C7 C6", 1: hand1}, ["CA"])
    assert legal(p) == set(hand1.split())


# ---------------------------------------------------------------------------
# Scharwenzel: 4, 6, 8 players [SW]
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n,deck", [(4, FR32), (6, FR36), (8, FR32)])
def test_scharwenzel_deck_and_hand_sizes(n, deck):
    """[SW] 4 and 8 players: 32 cards (7-A), 8 / 4 each; 6 players: 36 cards, 6 each."""
    game = ref.Game(pos("scharwenzel", "trump", fill("scharwenzel", {}, n), trump="C"))
    assert sorted(game.deck) == sorted(deck)
    assert {len(h) for h in game.deal} == {len(deck) // n}


@pytest.mark.parametrize("n,bad_deck", [(4, FR36), (6, FR32), (8, FR36)])
def test_scharwenzel_wrong_deck_rejected(n, bad_deck):
    """[SW] the deck size depends on the player count."""
    size = len(bad_deck) // n
    deal = [" ".join(bad_deck[i * size:(i + 1) * size]) for i in range(n)]
    with pytest.raises(ValueError):
        ref.to_move(pos("scharwenzel", "trump", deal, trump="C"))


@pytest.mark.parametrize("deal,play,leader,tricks,party_of", [
    (SW8, SW8_PLAY, 4, 4, 0), (SW6, SW6_PLAY, 4, 6, 0), (SW4, SW4_PLAY, 1, 8, 1)])
def test_scharwenzel_parties_by_parity(deal, play, leader, tricks, party_of):
    """[SW] partners sit alternately: the winner's party is even or odd seats; value = tricks."""
    trump = {8: "D", 6: "H", 4: "S"}[len(deal)]
    for declarer in range(len(deal)):
        p = pos("scharwenzel", "trump", deal, trump=trump, leader=leader, declarer=declarer,
                play=play)
        got = ref.reference_solve(p)["value"]
        assert got == (tricks if declarer % 2 == party_of else 0), declarer


def test_scharwenzel_two_trick_endgame():
    """[SW] tricks scored; the lone Jack of Karo overtrumps the Herz Ace (trump Herz)."""
    p = pos("scharwenzel", "trump", SW4B, trump="H", play=SW4B_PLAY)
    r = ref.reference_solve(p)
    assert r == {"value": 7, "moves": {"HA": 6, "C7": 7}, "to_move": 0}


# ---------------------------------------------------------------------------
# Solved endgames (values worked out by hand)
# ---------------------------------------------------------------------------


def test_solo_two_trick_endgame():
    """[SK] Solo Gras: leading E10 first (then GA trumps the Schellen) beats cashing GA.

    Tricks 1-6 give the declarer 74 points; E10 line: EA wins E10 EA E9 EK (25),
    then GA takes S7 S10 S9 (21); GA line: GA + three zero discards (11), EA wins the rest.
    """
    p = pos("schafkopf", "solo", SOLO_G, trump="G", play=SOLO_G_PLAY)
    assert ref.reference_solve(p) == {"value": 95, "moves": {"GA": 85, "E10": 95}, "to_move": 0}


def test_tout_counts_tricks_and_a_zero_point_trick_loses():
    """[SK] Tout: the declarer must win every trick; losing E7 E8 E9 (0 points) loses."""
    p = pos("schafkopf", "solo", TOUT_G, trump="G", play=TOUT_G_PLAY)
    # Plain solo: the declarer takes all 120 card points whatever he leads.
    assert ref.reference_solve(p) == {"value": 120, "moves": {"GA": 120, "E7": 120}, "to_move": 0}
    p["tout"] = True
    assert ref.reference_solve(p) == {"value": 7, "moves": {"GA": 7, "E7": 7}, "to_move": 0}


def test_ramsch_declarer_minimises_own_points():
    """[SK] Ramsch: how few points seat 0 can hold itself to; the other three play against it.

    Prefix: 74 points to seat 0. Leading E7 loses EA E10 EK to seat 1 and then HA
    takes S7 S10 S9 (+21); leading HA takes everything left (+46).
    """
    p = pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY)
    assert ref.reference_solve(p) == {"value": 95, "moves": {"HA": 120, "E7": 95}, "to_move": 0}


def test_sauspiel_sau_rules_change_the_value():
    """[SK] Sauspiel 1 and 3 in search: the holder must give up the Sau (E7 lead) or may
    not discard it early (G7 lead); either way the declaring party makes only 11."""
    p = sauspiel(SAU_FORCE, leader=1, play=SAU_FORCE_PLAY)
    assert ref.to_move(p) == 1
    assert legal(p) == {"E7", "G7"}
    assert ref.reference_solve(p) == {"value": 11, "moves": {"E7": 11, "G7": 11}, "to_move": 1}


def test_sauspiel_davonlaufen_and_lapse_in_search():
    """[SK] Sauspiel 2 and the lapse after davonlaufen, in the search. Holder 2 leads with
    EA E10 E9; the party has 72 from tricks 1-5 and 48 points are left.
    Default: only EA may be led (EA: +36, see below).
    Variant davonlaufen_min 3: E9 loses to EK; then seat 1 leads G7, GA wins and the holder
    may now discard the Sau on it (EA + GA = 22; the last trick goes to HU): +22
    (+21 if the Sau could not be discarded). EA first: +15 + GA smeared, then HU takes
    E9 + G10 or E10 + G9 (10): +36. E10 first: +35."""
    p = sauspiel(SAU_RUN, leader=2, play=SAU_RUN_PLAY)
    r = ref.reference_solve(p)
    assert (r["value"], r["moves"], r["to_move"]) == (108, {"EA": 108}, 2)
    p["rules"] = {"davonlaufen_min": 3}
    r = ref.reference_solve(p)
    assert (r["value"], r["moves"], r["to_move"]) == (108, {"EA": 108, "E10": 107, "E9": 94}, 2)


def test_jass_last_trick_bonus_and_total_157():
    """[JA] last trick +5, 157 in all: clubs first keeps the last trick for the opponents."""
    p = pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY)
    r = ref.reference_solve(p)
    # 122 in tricks 1-7; C7 line: + C7 DK S7 HK (8), D6 trick (22 + 5) to seats 1/3.
    assert r == {"value": 130, "moves": {"C7": 130, "D6": 122}, "to_move": 0}
    p["declarer"] = 1
    r = ref.reference_solve(p)
    assert r["value"] == 157 - 130
    assert r["moves"] == {"C7": 27, "D6": 35}


def test_jass_match_bonus():
    """[JA] match: one team takes all 9 tricks: 152 + 5 + 100 = 257."""
    for contract, extra in [("obenabe", {}), ("undeufe", {}), ("trump", {"trump": "C"})]:
        p = pos("jass", contract, SUITS, play=SUITS_PLAY, **extra)
        assert ref.reference_solve(p)["value"] == 257
        p["declarer"] = 1
        assert ref.reference_solve(p)["value"] == 0


def test_jass_endgame_no_undertrumping_in_search():
    """[JA] no undertrumping, in the search (trump Herz; seats 0/2 took 110 in tricks 1-7).
    DA lead: seat 1 trumps with the Buur, seat 2 may not drop H6 under it and must give SA
    (42 to seats 1/3); H6 then wins S6 in the last trick: +5. D7 lead: seat 1 discards S6
    and later trumps SA: +0. (With undertrumping allowed it would be 126.)"""
    p = pos("jass", "trump", JASS_UNDER, trump="H", play=JASS_UNDER_PLAY)
    r = ref.reference_solve(p)
    assert (r["value"], r["moves"], r["to_move"]) == (115, {"DA": 115, "D7": 110}, 0)


def test_jass_endgame_lone_buur_not_forced_in_search():
    """[JA] "the Buur is never forced", in the search (trump Herz; 111 in tricks 1-7).
    H6 lead: seat 1 keeps the lone Buur (plays C6), seat 2 smears C10 (+10), the Buur takes
    CA in the last trick. CA lead: the Buur trumps CA and C10 at once (+5 only).
    (If the Buur were forced it would be 137.)"""
    p = pos("jass", "trump", JASS_BUUR, trump="H", play=JASS_BUUR_PLAY)
    r = ref.reference_solve(p)
    assert (r["value"], r["moves"], r["to_move"]) == (121, {"H6": 121, "CA": 116}, 0)


def test_jass_finished_hand_counts_last_trick_and_match():
    """[JA] a finished hand: last trick +5 goes to its winner; the match +100."""
    p = pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY + plays("C7 DK S7 HK D6 DA S6 HA"))
    r = ref.reference_solve(p)
    assert r["value"] == 130
    p["declarer"] = 1
    r = ref.reference_solve(p)
    assert r["value"] == 27
    p = pos("jass", "trump", SUITS, trump="C", play=SUITS_PLAY + plays("C7 D7 S7 H7 C6 D6 S6 H6"))
    r = ref.reference_solve(p)
    assert r["value"] == 257


def test_to_move_follows_trick_winner():
    """[SK] the trick winner leads next."""
    p = pos("schafkopf", "solo", SOLO_G, trump="G", play=SOLO_G_PLAY[:4])
    assert ref.to_move(p) == 0
    p = pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY[:3])
    assert ref.to_move(p) == 3
    p = sauspiel(SAU3, play=plays("E7 EK EA GU"))
    assert ref.to_move(p) == 3


def test_short_deck_solo():
    """[SK] short deck: 6 tricks, still 120 points; declarer with the six top trumps."""
    deal = ["EO GO HO SO EU GU", "HU SU EA E10 EK E9", "GA G10 GK G9 HA H10", "HK H9 SA S10 SK S9"]
    play = plays("EO HU GA HK  GO SU G10 H9  HO EA GK SA  SO E10 G9 S10")
    p = pos("schafkopf", "solo", deal, trump="E", play=play)
    assert ref.reference_solve(p) == {"value": 120, "moves": {"EU": 120, "GU": 120}, "to_move": 0}
    p["tout"] = True
    assert ref.reference_solve(p) == {"value": 6, "moves": {"EU": 6, "GU": 6}, "to_move": 0}
    p["deal"] = ["EO GO HO SO EU E7", "HU SU EA E10 EK E9", "GA G10 GK G9 HA H10", "HK H9 SA S10 SK GU"]
    with pytest.raises(ValueError):  # no 7s (or 8s) in the short deck
        ref.to_move(p)


# ---------------------------------------------------------------------------
# Weis and Stöck [JA] "Weis"
# ---------------------------------------------------------------------------


def weis(deal, contract="trump", trump="H", leader=0):
    extra = {"trump": trump} if contract == "trump" else {}
    return ref.reference_weis(pos("jass", contract, deal, leader=leader, **extra))


def test_weis_test_deals_are_complete():
    for deal in (W_NONE, W_POINTS, W_SEQ_VS_FOUR, W_TOP, W_TRUMP, W_KREUZ, W_NINES, W_SIXES,
                 OBENABE):
        cards = " ".join(deal).split()
        assert sorted(cards) == sorted(FR36) and all(len(h.split()) == 9 for h in deal)


def test_weis_none():
    """[JA] no sequence of 3 and no four of a kind: no Weis; no trump K+Q together: no Stöck."""
    for trump in "CSHD":
        assert weis(W_NONE, trump=trump) == {"weis": [0, 0], "stoeck": [0, 0]}


def test_weis_more_points_wins_single_not_total():
    """[JA] the team with the best single Weis (50) writes, although the other has 20 + 20."""
    assert weis(W_POINTS) == {"weis": [0, 50], "stoeck": [0, 0]}
    assert weis(W_POINTS, "undeufe")["weis"] == [0, 50]


def test_weis_sequence_beats_four_of_a_kind():
    """[JA] at equal points (100) a sequence beats four of a kind, whoever announces first."""
    for leader in range(4):
        assert weis(W_SEQ_VS_FOUR, leader=leader)["weis"] == [100, 0]


def test_weis_higher_top_card_undeufe_lower():
    """[JA] equal points and kind: the higher top card wins; in undeufe the lower."""
    assert weis(W_TOP, "obenabe", leader=0)["weis"] == [0, 20]     # SK over C9
    assert weis(W_TOP, "trump", trump="D", leader=0)["weis"] == [0, 20]
    assert weis(W_TOP, "undeufe", leader=1)["weis"] == [20, 0]     # C7-9 lower than SJ-K


def test_weis_trump_suit_then_playing_order():
    """[JA] equal sequences: the one in the trump suit; then first in order from the leader."""
    assert weis(W_TRUMP, trump="S", leader=0)["weis"] == [0, 20]
    assert weis(W_TRUMP, trump="C", leader=1)["weis"] == [20, 0]
    assert weis(W_TRUMP, trump="D", leader=0)["weis"] == [20, 0]
    assert weis(W_TRUMP, trump="D", leader=1)["weis"] == [0, 20]
    assert weis(W_TRUMP, "obenabe", leader=3)["weis"] == [20, 0]   # order 3, 0, 1, 2
    assert weis(W_TRUMP, "obenabe", leader=2)["weis"] == [20, 0]   # order 2, 3, 0, 1
    assert weis(W_TRUMP, "obenabe", leader=1)["weis"] == [0, 20]   # order 1, 2, 3, 0


def test_weis_kreuzweis_and_four_jacks():
    """[JA] four Jacks 200, a card may count in two Weis (SJ): 200 + 20 beats four 9s."""
    assert weis(W_KREUZ, trump="H") == {"weis": [220, 0], "stoeck": [0, 0]}


def test_weis_four_nines_150():
    """[JA] four 9s 150 beat three Jacks and everything else in the deal."""
    assert weis(W_NINES, trump="H")["weis"] == [0, 150]


def test_weis_four_sixes_100():
    """[JA] four 6s 100 (default) beat a sequence of three."""
    assert weis(W_SIXES, trump="H")["weis"] == [0, 100]


def test_weis_long_sequences_and_order_tie():
    """[JA] 8 in a row 250, 9 in a row 300; two 300s: the first from the leader wins."""
    assert weis(OBENABE, "obenabe", leader=0)["weis"] == [550, 0]   # s2 before s3
    assert weis(OBENABE, "obenabe", leader=3)["weis"] == [0, 550]   # s3 first


def test_stoeck_trump_games_only_and_regardless_of_weis():
    """[JA] Stöck: trump K+Q in one hand, 20, in trump games only, regardless of Weis."""
    assert weis(W_TRUMP, trump="H", leader=0) == {"weis": [20, 0], "stoeck": [0, 20]}
    assert weis(W_TRUMP, "obenabe")["stoeck"] == [0, 0]
    assert weis(W_TRUMP, "undeufe")["stoeck"] == [0, 0]
    assert weis(W_KREUZ, trump="S")["stoeck"] == [20, 0]
    assert weis(W_KREUZ, trump="C")["stoeck"] == [0, 0]


def test_weis_nine_in_a_row_trump_suit_decides():
    """[JA] four sequences of 9 (300, all topped by the Ace): the one in the trump suit is
    best and its team writes both of its 300s; Stöck goes with the trump K+Q."""
    assert weis(SUITS, trump="C") == {"weis": [600, 0], "stoeck": [20, 0]}
    assert weis(SUITS, trump="H") == {"weis": [0, 600], "stoeck": [0, 20]}
    assert weis(SUITS, "obenabe", leader=1) == {"weis": [0, 600], "stoeck": [0, 0]}


def test_weis_only_in_jass():
    with pytest.raises(ValueError):
        ref.reference_weis(pos("schafkopf", "ramsch", fill("schafkopf", {})))


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------
GOOD_SAU = ["E7 GA G10 GK HK H9 H8 H7", "G9 G8 G7 EK S10 SK S9 S8",
            "EA E10 E9 E8 EO GO HO SO", "EU GU HA H10 HU SA SU S7"]


@pytest.mark.parametrize("change", [
    {"game": "poker"},
    {"contract": "bettel"},
    {"called": "H"},                                                    # Herz Sau
    {"called": None},
    {"deal": GOOD_SAU[:3] + ["EU GU HA H10 HU SA SU S7 S7"]},           # sizes differ
    {"deal": GOOD_SAU[:3] + ["EU GU HA H10 HU SA SU SU"]},              # SU twice, S7 missing
    {"deal": ["EA GA G10 GK HK H9 H8 H7", GOOD_SAU[1], "E7 E10 E9 E8 EO GO HO SO",
              GOOD_SAU[3]]},                                           # declarer holds the Sau
    {"deal": ["EO GA G10 GK HK H9 H8 H7", GOOD_SAU[1], "EA E10 E9 E8 E7 GO HO SO",
              GOOD_SAU[3]]},                                           # only a trump Eichel
    {"play": ["E7", "G9"]},                                            # must follow Eichel
    {"play": ["GA", "G7", "EA"]},                                      # Sau discarded
    {"play": ["H7", "EO"]},                                            # seat 2's card
    {"tout": True},
])
def test_bad_input_rejected(change):
    """Validation of positions ([SK] Sauspiel call, complete deck, legal play)."""
    p = sauspiel(GOOD_SAU)
    ref.to_move(p)  # the unchanged position is fine
    p.update(change)
    if p.get("called") is None:
        p.pop("called")
    with pytest.raises((ValueError, KeyError)):
        ref.to_move(p)


def test_play_beyond_the_end_rejected():
    p = sauspiel(SAU_LAST, play=SAU_LAST_PLAY + ["EA"])
    with pytest.raises(ValueError):
        ref.reference_solve(p)


def test_finished_position_has_no_moves():
    p = sauspiel(SAU_LAST, play=SAU_LAST_PLAY)
    with pytest.raises(ValueError):
        ref.legal_moves(p)
