"""Tests only the reference oracle ``tests/reference.py`` can answer.

The hand-worked rule cases (orders, points, legal cards, solved values, Weis,
bad input) are in rulecases.py and run against the reference and the solver
in test_rule_cases.py.  What stays here is the reference's own interface:
what it refuses to answer.  Sections of docs/rules.md are named as
[SK] Schafkopf, [JA] Swiss Jass (Schieber), [SW] Scharwenzel.
"""
from __future__ import annotations

import pytest
import reference as ref
from rulebook import SAU_LAST, SAU_LAST_PLAY, W_KREUZ, fill, pos, sauspiel


def test_weis_only_in_jass():
    """[JA] "Weis": melds exist only in Jass; asking for them elsewhere is an error."""
    with pytest.raises(ValueError):
        ref.reference_weis(pos("schafkopf", "ramsch", fill("schafkopf", {})))


def test_finished_position_has_no_moves():
    """A finished hand has nobody to move: legal_moves and to_move refuse it."""
    p = sauspiel(SAU_LAST, play=SAU_LAST_PLAY)
    with pytest.raises(ValueError):
        ref.legal_moves(p)
    with pytest.raises(ValueError):
        ref.to_move(p)


@pytest.mark.parametrize("rules", [{"weis_kreuzweis": False}, {"weis_sequence_cap": True}])
def test_unimplemented_variants_are_refused(rules):
    """[JA] "Variants": the reference implements none of the Weis variants and refuses
    them rather than answer with the default rules (those cases are solver-only)."""
    with pytest.raises(ValueError, match="rules options"):
        ref.reference_weis(pos("jass", "trump", W_KREUZ, trump="H", rules=rules))
