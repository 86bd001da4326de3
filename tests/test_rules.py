"""Rule tests only the solver's Python API can answer, against docs/rules.md.

The hand-worked cases both implementations answer (orders, points, legal
cards, solved values, Weis, bad input) are in rulecases.py and run against
the solver and the reference in test_rule_cases.py.  What stays here needs
the solver's API: violation messages, trick history, principal variations,
the contract table's bonuses, Weis variants (the reference implements none),
JSON round trips, card parsing, and full-deal searches beyond the reference's
brute force.

Every test names the rule it checks ([SK] Schafkopf, [JA] Swiss Jass /
Schieber, [SW] Scharwenzel, RULES "Card notation": sections of docs/rules.md)
in its docstring.  All expected values were worked out by hand.
"""
from __future__ import annotations

import pytest
from rulebook import (
    CAPPED_RUNS,
    FR36,
    NINE_HEARTS,
    OBENABE,
    OBENABE_PLAY,
    RAMSCH,
    RAMSCH_PLAY,
    SAU3,
    SAU4,
    SAU_LAST,
    SAU_LAST_PLAY,
    SK_DECK,
    SOLO_G,
    SOLO_G_PLAY,
    SUITS,
    SUITS_PLAY,
    SW4,
    SW4B,
    SW4B_PLAY,
    SW6,
    SW8,
    TENS_OR_RUN,
    W_KREUZ,
    W_SEQ_VS_FOUR,
    W_SIXES,
    fill,
    jass_trump,
    plays,
    pos,
    sauspiel,
)
from rulecases import REJECT, ids

from stichfest import Position, PositionError, Solver, parse_card, solve
from stichfest.cards import Card, parse_cards
from stichfest.contracts import contract_table
from stichfest.weis import jass_weis

DECK_STYLE = {"schafkopf": "german", "jass": "french", "scharwenzel": "french"}


def state(p):
    return Position.from_json(p).state()


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
        parse_card("\ufe0fA")      # a variation selector alone names no suit
    with pytest.raises(ValueError):
        parse_card("CO", "french")


def test_pasted_suit_symbols():
    """A symbol as a phone sends it (emoji: the symbol and U+FE0F) or in its
    white form names the same suit as the plain symbol, in cards and in a
    contract's trump; docs/rules.md, "Card notation"."""
    pasted = {"\u2665\ufe0fA": "HA", "\u2663\ufe0fO": "EO", "\u2666\ufe0e7": "S7",
              "\u2661K": "HK", "\u2664Z": "G10", "\u2667U": "EU", "\u2662A": "SA"}
    for text, plain in pasted.items():
        assert parse_card(text) == parse_card(plain), text
    assert parse_card("\u2660\ufe0fJ", "french") == parse_card("SJ", "french")
    assert parse_cards("\u2665\ufe0fA, \u2660\ufe0fK") == parse_cards("HA GK")
    solo = Position.from_json(pos("schafkopf", "solo", SHORT_SOLO, trump="\u2663\ufe0f"))
    assert solo == Position.from_json(pos("schafkopf", "solo", SHORT_SOLO, trump="E"))


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
        assert eval(repr(card), {"Card": Card}) == card  # the repr is the call that makes it


# ---------------------------------------------------------------------------
# Trick history
# ---------------------------------------------------------------------------
def test_wenz_ober_and_geier_unter_in_a_played_trick():
    """[SK] Wenz: "the Ober stands between König and Neun", in played tricks (the
    trick-winner cases themselves are in rulecases.TRICKS)."""
    deal = fill("schafkopf", {0: "GK E7 E8 E9 EA E10 EK EO", 1: "GO G7 G8 H7 H8 H9 S7 S8",
                              2: "G9 GA G10 HA H10 HK S9 SA"})
    # Seat 3 is EU GU HO HU S10 SK SO SU: no plain Gras.
    st = state(pos("schafkopf", "wenz", deal, play=["GK", "GO", "G9", "S10"]))
    assert st.history[0][2] == 0                       # GK beats GO
    st = state(pos("schafkopf", "wenz", deal, leader=2, play=["G9", "S10", "GK", "GO"]))
    assert st.history[0][2] == 0                       # GK over GO over G9


def test_trick_history_and_leader():
    """Seats are in playing order; "the trick winner leads next"."""
    st = state(pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY[:8]))
    names = [[str(parse_card_index("schafkopf", c)) for c in cs] for _, cs, _ in st.history]
    assert names == [["EO", "HU", "H7", "G7"], ["GO", "SU", "GA", "E9"]]
    assert [(lead, win) for lead, _, win in st.history] == [(0, 0), (0, 0)]
    assert st.points[0] == 5 + 16
    st = state(sauspiel(SAU3, play=plays("E7 EK EA GU")))
    assert st.history[0][2] == 3 and st.to_move == 3


def test_sau_rule3_exception_last_trick_history():
    """[SK] Sauspiel 3 "except in the last trick": the holder discards the Sau on GK."""
    st = state(sauspiel(SAU_LAST, play=SAU_LAST_PLAY))
    assert st.finished
    assert st.history[7] == (1, [idx("schafkopf", c) for c in ("GK", "EA", "SK", "E10")], 1)


def test_called_suit_led_is_recorded():
    """[SK] "After the first lead of the called suit these restrictions lapse"."""
    st = state(sauspiel(SAU3, play=plays("E7 EK EA GU  H7 HA E8 EU")))
    assert st.to_move == 2 and st.called_suit_led


# ---------------------------------------------------------------------------
# Violation messages name the rule
# ---------------------------------------------------------------------------
_TRUMP_LEAD = "HK CA CK SA SK DA DK DQ DJ"


def _follow_ramsch():
    hand1 = "EO E9 GA G10 GK S7 S8 S9"
    others = [c for c in SK_DECK if c not in hand1.split() and c != "EK"]
    deal = fill("schafkopf", {0: " ".join(["EK"] + others[:7]), 1: hand1})
    return pos("schafkopf", "ramsch", deal, play=["EK"])


VIOLATIONS = [
    ("[SK] following: EO is a trump, not an Eichel", _follow_ramsch(), "EO", "follow"),
    ('[SK] Sauspiel 1: "when the called suit is led, the holder must play the Sau"',
     sauspiel(SAU4, play=["E7", "EK"]), "E10", "Sau"),
    ('[SK] Sauspiel 2: "the holder may lead the called suit only with the Sau"',
     sauspiel(SAU3, leader=2), "E9", "davonlaufen"),
    ('[SK] Sauspiel 3: "the holder may not discard the Sau on another lead"',
     sauspiel(SAU4, play=["GA", "G7"]), "EA", "discard"),
    ('[JA] "a plain lead may be followed or trumped": S6 does neither',
     jass_trump({0: "CA C6 HA SA SK DA DK DQ DJ", 1: "C7 H6 S6 S7 S8 S9 D6 D7 D8"}, ["CA"]), "S6", "follow"),
    ("[JA] no undertrumping: H6 under HA",
     jass_trump({0: "C7 CA CK SA SK DA DK DQ DJ", 1: "HA C8 C9 S6 S7 S8 D6 D7 D8",
                 2: "C6 H6 HJ S9 S10 SJ D9 D10 CJ"}, ["C7", "HA"]), "H6", "undertrump"),
    ('[JA] "on a trump lead you must play trump"',
     jass_trump({0: _TRUMP_LEAD, 1: "H6 C6 C7 C8 S6 S7 D6 D7 D8"}, ["HK"]), "C6", "trump"),
]


@pytest.mark.parametrize("case", VIOLATIONS, ids=[c[0] for c in VIOLATIONS])
def test_violation_names_the_rule(case):
    """GameState.violation() says which rule an illegal card breaks; None for a legal one."""
    _, p, card, word = case
    why = state(p).violation(idx(p["game"], card))
    assert why is not None and word in why


def test_violation_of_a_legal_card_and_of_a_card_not_held():
    """[SK] following: violation() is None for a card that follows; a card not in the hand
    is refused too."""
    st = state(_follow_ramsch())
    assert st.violation(idx("schafkopf", "E9")) is None
    assert st.violation(idx("schafkopf", "HA")) is not None   # not in the hand


# ---------------------------------------------------------------------------
# Contract table bonuses
# ---------------------------------------------------------------------------
def test_jass_last_trick_and_match_bonus_in_the_table():
    """[JA] "Last trick +5: every mode totals 157. Match ... +100" (card points are in
    rulecases.POINTS)."""
    for table in (contract_table("jass", "trump", 2, False), contract_table("jass", "obenabe", None, False),
                  contract_table("jass", "undeufe", None, False)):
        assert sum(table.points[idx("jass", c)] for c in FR36) + table.last_trick_bonus == 157
        assert table.match_bonus == 100


# ---------------------------------------------------------------------------
# Positions: derived facts
# ---------------------------------------------------------------------------
SHORT_SOLO = ["EO GO HO SO EU GU", "HU SU EA E10 EK E9", "GA G10 GK G9 HA H10", "HK H9 SA S10 SK S9"]


def test_short_deck_deal():
    """[SK] short deck: 24 cards, 6 each, 6 tricks."""
    p = Position.from_json(pos("schafkopf", "solo", SHORT_SOLO, trump="E"))
    assert p.hand_size == 6 and p.n_tricks == 6


# ---------------------------------------------------------------------------
# Searches: principal variations, result fields, full deals
# ---------------------------------------------------------------------------
def test_solo_two_trick_endgame_pv():
    """[SK] Solo Gras: the best line leads E10 first (values in rulecases.SOLVED)."""
    r = solve(pos("schafkopf", "solo", SOLO_G, trump="G", play=SOLO_G_PLAY))
    assert [str(c) for c in r.pv[:4]] == ["E10", "EA", "E9", "EK"]


def test_last_trick_pv():
    """Seats play in order and the trick winner leads: the last trick, one card each."""
    r = solve(sauspiel(SAU_LAST, play=SAU_LAST_PLAY[:28]))
    assert [str(c) for c in r.pv] == ["GK", "EA", "SK", "E10"]


def test_scharwenzel_two_trick_endgame_pv():
    """[SW] the principal variation plays both remaining tricks."""
    r = solve(pos("scharwenzel", "trump", SW4B, trump="H", play=SW4B_PLAY))
    assert len(r.pv) == 8


def test_solver_object_and_result_fields():
    """API: Solver().solve gives the same answer; Jass results carry Weis and Stöck."""
    p = pos("jass", "obenabe", OBENABE, play=OBENABE_PLAY)
    r = Solver(tt_bits=12).solve(p)
    assert r.value == 130
    assert r.weis == [550, 0] and r.stoeck == [0, 0]
    assert solve(pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY)).weis is None


def test_solve_reports_its_steps():
    """API: ``progress(done, total, step)`` before the value, each card valued and the line,
    and once at the end; the answer is the one without it."""
    p = pos("schafkopf", "ramsch", RAMSCH, play=RAMSCH_PLAY[:12])
    calls = []
    r = Solver().solve(p, progress=lambda *a: calls.append(a))
    assert r == Solver().solve(p)
    total = calls[0][1]  # the value, one step per card valued (touching cards share one), the line
    assert 3 <= total <= 2 + len(r.moves)
    assert [c[:2] for c in calls] == [(i, total) for i in range(total + 1)]
    steps = [c[2] for c in calls]
    assert steps[0] == "the value" and steps[-2:] == ["the line of play", "done"]
    assert all(s.startswith("card ") and s[5:] in {str(c) for c in r.moves} for s in steps[1:-2])
    calls.clear()
    Solver().solve(p, moves=False, pv=False, progress=lambda *a: calls.append(a))
    assert calls == [(0, 1, "the value"), (1, 1, "done")]


def test_weis_in_solve_result():
    """[JA] solve() reports Weis and Stöck of the dealt hands."""
    r = solve(pos("jass", "trump", SUITS, trump="C", play=SUITS_PLAY))
    assert (r.value, r.weis, r.stoeck) == (257, [600, 0], [20, 0])


@pytest.mark.parametrize("deal,leader,tricks,party_of", [(SW8, 4, 4, 0), (SW6, 4, 6, 0), (SW4, 1, 8, 1)])
def test_scharwenzel_value_is_tricks_of_the_party_full_deal(deal, leader, tricks, party_of):
    """[SW] value = tricks of the declarer's party (even or odd seats), from the deal: one
    seat with the top trumps leads and takes every trick for its whole party (the endgames
    of these deals are in rulecases.SOLVED)."""
    trump = {8: "D", 6: "H", 4: "S"}[len(deal)]
    for declarer in range(len(deal)):
        p = pos("scharwenzel", "trump", deal, trump=trump, leader=leader, declarer=declarer)
        assert solve(p).value == (tricks if declarer % 2 == party_of else 0), declarer


def test_short_deck_solo_and_tout_full_deal():
    """[SK] short deck: still 120 points; 6 tricks make a Tout (from the deal)."""
    p = pos("schafkopf", "solo", SHORT_SOLO, trump="E")
    assert solve(p).value == 120
    p["tout"] = True
    assert solve(p).value == 6


@pytest.mark.slow
def test_jass_obenabe_full_deal():
    """[JA] the OBENABE deal from the start: clubs first give 130; D6 first lets seat 1 run its
    diamonds and lead C6 last: seats 0/2 get only C6 CA SA H6 + 5 = 27. Both sides: 157."""
    p = pos("jass", "obenabe", OBENABE)
    r = solve(p)
    assert r.value == 130
    assert r.to_json()["moves"]["D6"] == 27
    assert all(v == 130 for c, v in r.to_json()["moves"].items() if c != "D6")
    p["declarer"] = 1
    assert solve(p).value == 157 - 130


@pytest.mark.slow
def test_jass_match_bonus_full_deal():
    """[JA] "Match (one team takes all 9 tricks) +100": 152 + 5 + 100 = 257 from the deal
    (seat 0 holds every club and leads)."""
    p = pos("jass", "obenabe", SUITS)
    assert solve(p).value == 257
    p["declarer"] = 1
    assert solve(p).value == 0


# ---------------------------------------------------------------------------
# Weis variants [JA] "Variants" (the reference implements none of them)
# ---------------------------------------------------------------------------
def weis(deal, contract="trump", trump="H", leader=0, rules=None):
    extra = {"trump": trump} if contract == "trump" else {}
    if rules:
        extra["rules"] = rules
    w, s = jass_weis(Position.from_json(pos("jass", contract, deal, leader=leader, **extra)))
    return list(w), list(s)


def test_weis_variant_four_beats_sequence():
    """[JA] variant "four of a kind beating a sequence of equal points": s1's four Kings 100
    + s3's 20."""
    assert weis(W_SEQ_VS_FOUR, rules={"weis_four_beats_sequence": True})[0] == [0, 120]


def test_weis_variant_no_kreuzweis():
    """[JA] variant "no Kreuzweis": SJ counts once, only the four Jacks' 200."""
    assert weis(W_KREUZ, trump="H", rules={"weis_kreuzweis": False})[0] == [200, 0]


# Without Kreuzweis each card counts once; a run still counts at full length
# (docs/rules.md "Weis": "seven in a row is one Weis"), so a hand may give a
# card to a four of a kind and write the shorter run that is left, but never
# cut one run in two to get past the 100-point cap.
NO_KREUZ_CAP = {"weis_kreuzweis": False, "weis_sequence_cap": True}


def test_weis_no_kreuzweis_keeps_a_capped_run_whole():
    """[JA] variants "sequences capped at 100" and "no Kreuzweis": nine hearts in a
    row are one Weis, capped at 100, not a five (100) and a four (50) cut from them."""
    assert weis(NINE_HEARTS, "obenabe", rules=NO_KREUZ_CAP)[0] == [100, 0]


def test_weis_no_kreuzweis_writes_the_capped_run_at_its_top_card():
    """[JA] "Best Weis: ... then the higher top card": s0's H6-HQ (100 capped, top Q)
    beats s1's S7-SJ (100, top J) with or without Kreuzweis; no card of either is in
    another Weis, so a shorter run with a lower top is no choice."""
    assert weis(CAPPED_RUNS, "obenabe", leader=1, rules=NO_KREUZ_CAP)[0] == [100, 0]
    assert weis(CAPPED_RUNS, "obenabe", leader=1, rules={"weis_sequence_cap": True})[0] == [100, 0]


def test_weis_no_kreuzweis_equal_totals_keep_the_best_single_weis():
    """[JA] "no Kreuzweis": s0 writes H6-HJ (150) or four 10s + H6-H9 (100 + 50),
    both 150 as H10 counts once.  Of equal totals the hand keeps the one with the
    better single Weis, the six-card run, which beats s1's four Queens."""
    assert weis(TENS_OR_RUN, "obenabe", rules={"weis_kreuzweis": False})[0] == [150, 0]


def test_weis_no_kreuzweis_gives_a_card_to_the_four_and_keeps_the_rest_of_the_run():
    """[JA] "no Kreuzweis": with the four 10s worth more than the run through H10,
    s0 writes the four 10s and what is left of the run, H6-H9 (100 + 50)."""
    deal = ["C10 D10 H10 H6 H7 H8 H9 HQ S10", "C7 C9 CJ CQ D6 DQ HJ S8 SQ",
            "CA CK D8 D9 HA HK S7 SJ SK", "C6 C8 D7 DA DJ DK S6 S9 SA"]
    assert weis(deal, "obenabe", rules={"weis_kreuzweis": False})[0] == [150, 0]


def test_weis_variant_four_low_zero():
    """[JA] variant "four 6/7/8 worth 0": s0's C9-J (20) is the best Weis."""
    assert weis(W_SIXES, trump="H", rules={"weis_four_low_zero": True})[0] == [20, 0]


def test_weis_sequence_cap_variant():
    """[JA] variant "sequences capped at 100"."""
    assert weis(OBENABE, "obenabe", leader=0, rules={"weis_sequence_cap": True})[0] == [200, 0]


# s0: C6-CQ (seven in a row), s1: H7-HJ (five in a row); both 100 under the cap.
W_CAPPED_TIE = ["C6 C7 C8 C9 C10 CJ CQ S6 D9", "H7 H8 H9 H10 HJ S8 SJ D6 DQ",
                "CK H6 HQ S7 S10 SA D7 DJ DA", "CA HK HA S9 SQ SK D8 D10 DK"]


@pytest.mark.parametrize("contract, written", [("obenabe", [100, 0]), ("undeufe", [100, 0])])
def test_weis_capped_sequence_tie(contract, written):
    """[JA] "then the higher top card (undeufe: the lower)"; source 004: "Die hoehere Karte
    des Weis (Ausnahme Undeufe: Hier die tiefste)". Under the cap both runs are 100; in
    obenabe s0's CQ beats s1's HJ, in undeufe s0's C6 (the lowest card of either Weis)
    beats s1's H7. Comparing the top cards the other way round (HJ below CQ) would give
    undeufe to s1: the program follows 004, which names the lowest card."""
    assert weis(W_CAPPED_TIE, contract, rules={"weis_sequence_cap": True})[0] == written


def test_weis_capped_sequence_tie_uncapped_lengths_decide():
    """[JA] without the cap the longer run has more points (200 against 100) in every mode."""
    for contract in ("obenabe", "undeufe"):
        assert weis(W_CAPPED_TIE, contract)[0] == [200, 0]


# ---------------------------------------------------------------------------
# Bad input: the solver's messages name the problem and the rule
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("case", REJECT, ids=ids(REJECT))
def test_rejection_message_names_the_rule(case):
    """Validation: "illegal card in play with the seat and the rule in the message"; every
    PositionError message is one line (rejection itself: test_rule_cases.py)."""
    message = error_of(case.position)
    for word in case.solver_words:
        assert any(w in message for w in word.split("|")), (word, message)


def test_reject_called_suit_outside_a_sauspiel():
    """Validation: "called" exists only in a Sauspiel (the reference ignores the key)."""
    error_of(pos("schafkopf", "solo", fill("schafkopf", {}), trump="E", called="G"))


# ---------------------------------------------------------------------------
# Round trips: printing then parsing gives the same thing
# ---------------------------------------------------------------------------
def test_position_json_round_trips():
    """A parsed position prints to JSON that parses to the same position."""
    p = pos("schafkopf", "sauspiel", fill("schafkopf", {0: "E7 E8 E9 G7 G8 G9 S7 S8"}),
            called="E", play=["E7"], rules={"davonlaufen_min": 3})
    first = Position.from_json(p)
    again = Position.from_json(first.to_json())
    assert again == first
    assert again.to_json() == first.to_json()


def test_random_three_seat_positions_draw_only_the_contracts_for_three():
    """[SK3] "only the one-against-two contracts": random positions for three seats
    (benchmarks, puzzles, sampling) never draw a Sauspiel or a Ramsch."""
    import random

    from stichfest.deals import random_position
    rng = random.Random(15)
    drawn = {random_position(rng, "schafkopf", n_seats=3, played=4).contract for _ in range(100)}
    assert drawn == {"solo", "wenz", "geier", "farbwenz", "farbgeier"}
