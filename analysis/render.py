"""Readable text for people: hands, what a value means, lines of play."""
from __future__ import annotations

from collections.abc import Iterable

from stichfest import Position
from stichfest.cards import Card, parse_card


def contract_title(pos: Position) -> str:
    """The game and the contract as players name it, e.g. ``Schafkopf Herz-Solo``."""
    return f"{pos.game.capitalize()} {pos.spec.title}"


def sort_hand(pos: Position, cards: Iterable[Card]) -> list[Card]:
    """Trumps first, then each plain suit, strongest first."""
    return pos.table.sorted_cards(cards)


def render_position(pos: Position) -> str:
    party = pos.declaring_party
    lines = [f"{contract_title(pos)}; declarer seat {pos.declarer}, seat {pos.leader} leads"]
    st = pos.state() if None not in pos.deal else None
    for seat, hand in enumerate(pos.deal):
        mark = "*" if seat == pos.declarer else ("+" if seat in party else " ")
        cards = "?" if hand is None else " ".join(str(c) for c in sort_hand(pos, hand))
        left = ""
        if st is not None and pos.play:
            now = [c for c in hand if st.hands[seat] >> c.index & 1]
            left = "   now: " + (" ".join(str(c) for c in sort_hand(pos, now)) or "-")
        lines.append(f"  seat {seat}{mark} {cards}{left}")
    lines.append("  (* declarer, + declaring party)" if len(party) > 1 else "  (* declarer)")
    if pos.play:
        lines.append("Played: " + " ".join(str(c) for c in pos.play))
    return "\n".join(lines)


def describe_value(pos: Position, value: int) -> str:
    """What a ``value`` means in the game's own terms."""
    n = pos.n_tricks
    if pos.game == "schafkopf" and pos.tout:
        return (f"declarer {value} of {n} tricks — Tout made" if value == n
                else f"declarer {value} of {n} tricks — Tout lost")
    if pos.game == "schafkopf" and pos.contract == "ramsch":
        return f"seat {pos.declarer} holds itself to {value} points (of 120)"
    if pos.game == "schafkopf":
        if value >= 91:
            return f"declarers {value} — wins, defenders Schneider"
        if value >= 61:
            return f"declarers {value} — wins, Schneider frei for the defenders"
        if value >= 31:
            return f"declarers {value} — loses, Schneider frei"
        return f"declarers {value} — loses, Schneider"
    if pos.game == "jass":
        match = " including the match bonus" if value > 157 else ""
        return f"declaring team {value} of 157{match}"
    need = n // 2 + 1
    if value * 2 == n:
        verdict = "equal tricks: Bock"
    elif value >= need:
        verdict = "majority" + (" — Tout" if value == n else "")
    else:
        verdict = "minority"
    return f"declaring party {value} of {n} tricks — {verdict}"


def render_pv(pos: Position, pv: list[str]) -> list[str]:
    """The line of play trick by trick, naming each trick's winner."""
    st = pos.state()
    out = []
    current = [str(Card(c, pos.deck)) for c in st.trick]
    number = len(st.history) + 1
    first_leader = st.leader
    for text in pv:
        c = parse_card(text, pos.deck)
        if not current:
            first_leader = st.leader
        done = len(st.history)
        st.play(c.index)
        current.append(text)
        if len(st.history) > done:
            _, _, winner = st.history[-1]
            out.append(f"{number}. seat {first_leader} leads: {' '.join(current)}  -> seat {winner}")
            number += 1
            current = []
    return out
