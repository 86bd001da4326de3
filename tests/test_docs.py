"""The README against the tree it describes: its table of rule variants
names every key a position takes, with its default, and its table of files
names every source file of solver/ and analysis/ (a new rule or module
that the README leaves out is a user who never hears of it)."""
from __future__ import annotations

import re
from pathlib import Path

from stichfest.position import RULE_DEFAULTS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _table_after(header: str) -> list[list[str]]:
    """The rows of the Markdown table whose header line is ``header``."""
    lines = README.splitlines()
    start = lines.index(header) + 2  # past the header and its rule
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_readme_rule_table_names_every_rule_with_its_default():
    rows = _table_after("| key | default | meaning |")
    assert all(re.fullmatch(r"`\w+`", key) for key, _, _ in rows), rows
    documented = {key.strip("`"): default for key, default, _ in rows}
    assert set(documented) == set(RULE_DEFAULTS)
    for key, default in RULE_DEFAULTS.items():
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        assert documented[key] == shown, key


def test_readme_file_table_names_every_source_file():
    sources = [p for folder in ("solver", "analysis") for p in sorted((ROOT / folder).iterdir())
               if p.suffix in (".py", ".pyx", ".pxd") and p.name not in ("__init__.py", "__main__.py")]
    assert len(sources) > 20  # the folders were found
    # a file is named by its path, or by its module's path with another
    # extension (`solver/_search.pyx` (`.pxd`, `.pyi`))
    missing = [str(p.relative_to(ROOT)) for p in sources
               if f"`{p.parent.name}/{p.stem}." not in README and f"`{p.parent.name}/{p.name}`" not in README]
    assert not missing, f"README's file table leaves out {missing}"
