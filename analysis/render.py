"""Contract names and the display order of a hand (the command line's text is
in :mod:`stichfest.analysis.cli.text`)."""
from __future__ import annotations

from stichfest import Position
from stichfest.cards import SUIT_NAMES

CONTRACT_NAMES = {
    "sauspiel": "Sauspiel", "solo": "Solo", "wenz": "Wenz", "geier": "Geier",
    "farbwenz": "Farbwenz", "farbgeier": "Farbgeier", "ramsch": "Ramsch",
    "trump": "Trumpf", "obenabe": "Obenabe", "undeufe": "Undeufe",
}


def contract_title(pos: Position) -> str:
    name = CONTRACT_NAMES[pos.contract]
    suits = SUIT_NAMES[pos.deck]
    if pos.trump is not None and pos.contract not in ("sauspiel", "ramsch"):
        name = f"{suits[pos.trump]}-{name}" if pos.game == "schafkopf" else f"{name} {suits[pos.trump]}"
    if pos.called is not None:
        name += f" auf die {suits[pos.called]}-Sau"
    if pos.tout:
        name += " Tout"
    return f"{pos.game.capitalize()} {name}"


def sort_hand(pos: Position, cards) -> list:
    """Trumps first, then each plain suit, strongest first."""
    return sorted(cards, key=lambda c: pos.table.display_key(c.index))
