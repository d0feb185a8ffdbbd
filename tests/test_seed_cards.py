"""`explain` shows each seed's card with errata's corrections, exactly as written in seed_cards.py (on a
terminal, without the Markdown escapes the editor's card has)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .seed_cards import SEED_CARDS, as_written


@pytest.mark.parametrize("record_id", sorted(SEED_CARDS))
def test_explain_prints_the_corrected_seed_card(record_id, tmp_path):
    message, card = SEED_CARDS[record_id]
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "explain", message],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "\\" in card and done.stdout == as_written(card) + "\n"
