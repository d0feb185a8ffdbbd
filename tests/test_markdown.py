"""Text escaped for Markdown renders as written, through a real CommonMark renderer (markdown-it-py,
the Python port of the markdown-it that VS Code renders hovers with): placeholders are not HTML,
stars and underscores no emphasis, brackets no link, a line's `#` or `1.` no heading or list; code
spans stay code. And the cards the editor shows read so."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from errata_lsp.kb import KnowledgeBase, card_markdown
from errata_lsp.kb.markdown import code_block, link, text

RENDER = MarkdownIt("commonmark").enable(["strikethrough", "table"])


def shown(markdown: str) -> str:
    """What a reader sees of one paragraph: its text with the tags dropped, code spans marked by backticks."""
    out = RENDER.render(markdown).strip()
    out = re.sub(r"</?code>", "`", out)
    return html.unescape(re.sub(r"<[^>]+>", "", out))


@pytest.mark.parametrize(("written", "escaped"), [
    ("must be a set, found <policy>. You can try `auto_wrapper_callable` instead.",
     "must be a set, found \\<policy>. You can try `auto_wrapper_callable` instead."),
    ("Got: <module class>.", "Got: \\<module class>."),
    ("call __init__ with *args and **kwargs", "call \\_\\_init\\_\\_ with \\*args and \\*\\*kwargs"),
    ("snake_case_name stays", "snake_case_name stays"),
    ("found [Block](x) &amp; ~~gone~~", "found \\[Block\\](x) \\&amp; \\~\\~gone\\~\\~"),
    ("# one\n- two\n1. three\n> four\n+ five", "\\# one\n\\- two\n1\\. three\n\\> four\n\\+ five"),
    ("a `<b>` code span and a C:\\path", "a `<b>` code span and a C:\\\\path"),
    ("an odd ` backtick", "an odd \\` backtick"),
])
def test_escaping_is_exact_and_renders_as_written(written, escaped):
    assert text(written) == escaped
    assert shown(escaped) == written  # a code span reads as itself: `shown` marks it with its backticks


@given(st.text(alphabet="ab _*<>[]()#&;`~\\!-+.1 \n", max_size=40))
def test_any_text_without_backticks_renders_as_written(written):
    written = written.replace("`", "")
    rendered = shown(text(written))
    # a paragraph drops leading and trailing blanks of its lines and never keeps an empty one
    expected = "\n".join(line.strip(" ") for line in written.strip().split("\n") if line.strip())
    assert rendered == expected


def test_a_code_block_outlasts_the_backticks_inside():
    block = code_block("x = '```'\ny = 1\n", "python")
    assert block == "````python\nx = '```'\ny = 1\n````"
    assert RENDER.render(block) == '<pre><code class="language-python">x = \'```\'\ny = 1\n</code></pre>\n'


def test_a_link_keeps_its_target_whole():
    assert link("a]b", "https://x.org/a b(c)") == "[a\\]b](https://x.org/a%20b%28c%29)"
    assert RENDER.render(link("a]b", "https://x.org/a b(c)")).strip() == '<p><a href="https://x.org/a%20b%28c%29">a]b</a></p>'


def test_the_cards_heading_shows_the_placeholder():
    record = KnowledgeBase.load().get("7c98b3e7e2bf13da")
    heading = RENDER.render(card_markdown(record)).split("\n", 1)[0]
    assert heading == ("<h3>TypeError: <code>activation_checkpointing_policy</code> must be a set, found &lt;policy&gt;. "
                       "You can try defining and passing <code>auto_wrapper_callable</code> instead.</h3>")
