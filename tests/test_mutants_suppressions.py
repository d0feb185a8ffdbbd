"""Suppressions at their edges: the hover on each kind of noqa code, an unknown code that sorts after
LXF100, a text that does not tokenize, a noqa written inside a string before a real comment, and the
removal fix beside one space or before trailing whitespace."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source, fix_all
from errata_lsp.analysis.findings import Position, Span
from errata_lsp.analysis.suppressions import noqa_code_help

IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"


def unused(text: str) -> list[tuple[Span, str]]:
    report = check_source(text, "t.py")
    assert report.failures == []
    return [(f.span, f.message) for f in report.findings if f.code == "LXF100"]


@pytest.mark.parametrize(("line", "column", "shown"), [
    ("x = 1  # noqa: LXF001, E501", 16,
     "**LXF001** `policy-not-a-set` · `activation_checkpointing_policy` of XLAFSDPStrategy must be a set of "
     "module classes\n\n`errata-lsp rule LXF001` prints its page."),
    ("x = 1  # noqa: lxf100", 16, "**LXF100** `unused-noqa` · a `# noqa` code that silences nothing, or that no rule has"),
    ("x = 1  # noqa: LXF777", 16, "**LXF777**: no errata rule has this code."),
    ("x = 1  # noqa: LXF001, E501", 24, None),  # another tool's code
    ("x = 1  # noqa", 10, None),
])
def test_the_hover_on_a_noqa_code_says_what_that_code_is(line, column, shown):
    assert noqa_code_help(line, column) == shown


def test_an_unknown_code_that_sorts_after_lxf100_is_reported_too():
    assert unused(IMPORT + "x = 1  # noqa: LXF900\n") == [
        (Span(Position(1, 15), Position(1, 21)), "`# noqa: LXF900`: no rule has the code LXF900")]


def test_a_text_that_does_not_tokenize_judges_no_noqa_code_and_fails_nothing():
    # mid-edit: an open bracket; where the comments are cannot be told, so no LXF100 is guessed
    assert unused(IMPORT + "x = (1,  # noqa: LXF777\n") == []


def test_a_noqa_in_a_string_before_a_real_comment_on_the_same_line_is_not_judged():
    assert unused(IMPORT + 'x = "# noqa: LXF777"  # a note\n') == []
    assert unused(IMPORT + 'x = "# noqa: LXF777"  # noqa: LXF778\n') == [
        (Span(Position(1, 30), Position(1, 36)), "`# noqa: LXF778`: no rule has the code LXF778")]


@pytest.mark.parametrize(("line", "fixed"), [
    ("x = 1 # noqa: LXF001\n", "x = 1\n"),  # one space before the comment: the code's `1` stays
    ("x = 1\t# noqa: LXF001\n", "x = 1\n"),
    ("    # noqa: LXF001  \n", "      \n"),  # alone on its line, whitespace after it: the indentation stays
])
def test_the_removal_fix_takes_the_whitespace_before_the_comment_and_no_more(line, fixed):
    assert fix_all(IMPORT + line, "t.py")[0] == IMPORT + fixed
