"""The document model: a version made from the previous one by an edit is the version made from
scratch (chunk table, trees, the module the rules see), classes are cut at their methods, chunks
are picked by whole words used as code, and the parse cache is bounded by bytes."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import PARSE_CACHE, Document, ParseCache, ParsedChunk, parse_chunk
from errata_lsp.analysis.engine import CONTEXT_WORDS, check_document, check_source
from errata_lsp.analysis.findings import Position, Span

try:
    from reliability.profiles import budget
except ImportError:
    from tests.reliability.profiles import budget

ROOT = Path(__file__).resolve().parent.parent
WORDS = (*CONTEXT_WORDS, "XLAFSDPStrategy", "no_backward_sync", "setup", "load")

# Lines the random documents are made of: definitions, classes with methods and decorators,
# triple-quoted strings that open and close, continued strings, brackets left open.
FRAGMENTS = [
    "import os", "from lightning.fabric import Fabric", "from lightning.fabric.strategies import XLAFSDPStrategy",
    "x = 1", "def train(fabric):", "    model = fabric.setup(model)", "    fabric.strategy.no_backward_sync(model)",
    "    return XLAFSDPStrategy(auto_wrap_policy=[Block])", "class Trainer:", "class Trainer(Base):",
    "    def step(self):", "        self.fabric.launch(train)", "    @property", "    def cfg(self):",
    "        return 1", '    """doc', '    """', '"""', "'''", "# a comment with Fabric in it",
    "s = 'load XLAFSDPStrategy'", "@decorator", "if x:", "    pass", "", "    ", "x = (", ")", "y = 'abc\\",
    "def g(): return Fabric()", "policy = [Block]", "fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy=policy))",
    "fabric.launch(train)", "\tdef tabbed(self): pass", "class C(Base): pass", "    attr = Fabric()",
    "async def main():", "    async def inner(self):", "try:", "except Exception:", "    x = [", "1, 2]",
]
PIECES = ["\n", "\n\n", " ", "    ", "x", '"', "'", '"""', "#", "(", ")", "@", "\\", ":", "def f():", "class K:",
          "    def m(self):", "é", "\x00", "Fabric", "\r\n"]


def table(doc: Document) -> list[tuple]:
    return [(c.first, c.last, c.text, c.role, c.indent, c.head.first if c.head else None) for c in doc.all_chunks]


def module_dump(doc: Document) -> str:
    chunks = doc.chunks(WORDS)
    return ast.dump(Context(doc, chunks).module, include_attributes=True)


@st.composite
def documents_and_edits(draw):
    lines = draw(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=30))
    text = "\n".join(lines) + draw(st.sampled_from(["", "\n"]))
    edits = []
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text) + 10))
        length = draw(st.integers(0, 12))
        insert = draw(st.one_of(st.sampled_from(PIECES), st.sampled_from(FRAGMENTS).map(lambda f: f + "\n")))
        edits.append((start, length, insert))
    return text, edits


def _apply(text: str, edit: tuple[int, int, str]) -> str:
    start, length, insert = edit
    start = min(start, len(text))
    return text[:start] + insert + text[start + length:]


@given(documents_and_edits())
@example(("import os", [(0, 0, "\n"), (0, 10, "\n")]))  # the last chunk's text stays "\n", one line longer
@example(("class Trainer:\n    def step(self):\n    async def inner(self):\n    attr = Fabric()", [(39, 0, "x")]))
# the class head's tree is reused; its methods no longer parse: the class ends where its head does again
@example(('    """doc\nimport os\nfrom lightning.fabric import Fabric', [(44, 12, "\\"), (21, 0, '"""')]))  # a string
# left open by a backslash at the very end is closed by the edit below it
@budget(150)
def test_an_edited_version_is_the_version_parsed_from_scratch(case):
    text, edits = case
    doc = Document(text, "x.py")
    module_dump(doc)  # parse the first version: its trees must move correctly into the next ones
    for edit in edits:
        text = _apply(text, edit)
        doc = doc.edited(text)
        fresh = Document(text, "x.py")
        assert doc.lines == fresh.lines
        assert doc._table.starts == fresh._table.starts
        assert doc._table.spans == fresh._table.spans
        assert table(doc) == table(fresh)
        assert module_dump(doc) == module_dump(fresh)


def _position(text: str, offset: int) -> Position:
    before = text[:offset].split("\n")
    return Position(len(before) - 1, len(before[-1]))


@given(documents_and_edits())
@budget(100)
def test_edits_applied_as_the_client_sends_them_give_the_same_version(case):
    text, edits = case
    text = text.replace("\r", "")
    doc = Document(text, "x.py")
    module_dump(doc)
    for start, length, insert in edits:
        insert = insert.replace("\r", "")
        start = min(start, len(text))
        end = min(start + length, len(text))
        span = Span(_position(text, start), _position(text, end))
        text = text[:start] + insert + text[end:]
        doc = doc.apply([(span, insert)])
        fresh = Document(text, "x.py")
        assert doc.text == text
        assert doc.lines == fresh.lines
        assert table(doc) == table(fresh)
        assert module_dump(doc) == module_dump(fresh)


CLASS = '''from lightning.fabric import Fabric


class Loop:
    """Runs the training.

    def not_a_method(self):  # inside the docstring
    """

    limit = 10

    def __init__(self, fabric: Fabric):
        self.fabric = fabric

    @property
    def model(self):
        return self._model

    def fit(self, model):
        self._model = self.fabric.setup(model)
        return self._model


loop = Loop(Fabric())
'''


def test_a_class_is_cut_at_its_methods_and_the_rules_see_it_whole():
    doc = Document(CLASS, "x.py")
    assert [(c.role, c.first, c.last) for c in doc.all_chunks] == [
        ("top", 0, 3), ("class", 3, 11), ("member", 11, 14), ("member", 14, 18), ("member", 18, 23), ("top", 23, 25)]
    ctx = Context(doc, doc.chunks(WORDS))
    whole = ast.parse(CLASS)
    assert ast.dump(ctx.module, include_attributes=True) == ast.dump(whole, include_attributes=True)
    classdef = ctx.module.body[1]
    assert [type(s).__name__ for s in classdef.body] == ["Expr", "Assign", "FunctionDef", "FunctionDef", "FunctionDef"]
    fit = classdef.body[-1]
    assert ctx.parents[fit] is classdef and ctx.parents[classdef] is ctx.module
    setup = fit.body[0].value
    assert ctx.scope_of(setup) is fit and ctx.statement_of(setup) is fit.body[0]
    assert ctx.bindings("fit", classdef)[0].stmt is fit  # a method is bound in its class
    assert ctx.nodes(ast.ClassDef) == [classdef]


def test_an_edit_in_one_method_parses_only_that_method():
    doc = Document(CLASS, "x.py")
    ctx = Context(doc, doc.chunks(WORDS))
    before = {c.first: c.parsed for c in doc.all_chunks}
    edited = doc.edited(CLASS.replace("return self._model\n\n\n", "return self._model + 1\n\n\n"))
    ctx = Context(edited, edited.chunks(WORDS))
    kept = [c.first for c in edited.all_chunks if c.parsed is before.get(c.first)]
    assert kept == [0, 3, 11, 14, 23]  # all but the edited method (lines 18-22)
    commented = edited.edited(edited.text.replace("return self._model + 1\n", "return self._model + 1  # x\n"))
    assert commented.chunk_at(19).parsed is edited.chunk_at(19).parsed  # a comment: the same tree
    assert len(ctx.module.body[1].body) == 5
    # a line added above moves the chunks below it: their trees come along, renumbered
    moved = edited.edited("import sys\n" + edited.text)
    ctx = Context(moved, moved.chunks(WORDS))
    assert ast.dump(ctx.module, include_attributes=True) == ast.dump(ast.parse(moved.text), include_attributes=True)


def test_words_in_comments_and_strings_pick_nothing_and_words_are_whole():
    doc = Document("# Fabric XLAFSDPStrategy\nx = 'XLAFSDPStrategy no_backward_sync'\n"
                   "def f():\n    return download(devices)\n"
                   "def g():\n    return XLAPrecision()\n"
                   "def h():\n    return fabric.load(x)\n", "x.py")
    assert [c.first for c in doc.chunks(("XLAFSDPStrategy", "no_backward_sync", "load", "device"))] == [6]
    assert [c.first for c in doc.chunks_mentioning("Precision")] == [4]  # a class name's tail
    assert doc.chunks_mentioning("down") == []


def test_a_chunk_no_word_picked_is_parsed_on_demand():
    doc = Document("def train():\n    run(CONFIG)\n\nif True:\n    CONFIG = dict(strategy='xla_fsdp')\n", "x.py")
    assert doc.chunks(("nothing",)) == []
    (binding,) = doc.chunks_mentioning("CONFIG")[1:]
    parsed = doc.parsed(binding)
    assigned = parsed.tree.body[0].body[0]
    assert isinstance(assigned, ast.Assign) and assigned.lineno == 5
    assert parsed.fact("targets", lambda p: [t.id for t in p.tree.body[0].body[0].targets]) == ["CONFIG"]
    assert parsed.fact("targets", lambda p: 1 / 0) == ["CONFIG"]  # computed once


def test_the_parse_cache_is_bounded_by_bytes():
    cache = ParseCache(limit=10_000)
    for i in range(50):
        text = f"x = {i}\n" * 10
        cache.put((0, text, "top"), parse_chunk(0, text))
    assert 0 < cache.bytes <= 10_000
    assert cache.get((0, "x = 49\n" * 10, "top")) is not None
    assert cache.get((0, "x = 0\n" * 10, "top")) is None  # the oldest went first
    too_big = ParsedChunk(None, False, size=20_000)
    cache.put((0, "big", "top"), too_big)
    assert cache.get((0, "big", "top")) is None


LONG_FUNCTION = ("from lightning.fabric import Fabric\n\n\ndef train():\n"
                 + "".join(f"    value_{i} = fabric.setup(model_{i})  # step {i}\n" for i in range(1500))
                 + "\n\nfabric = Fabric(strategy='xla_fsdp')\n")


def test_typing_in_a_long_function_keeps_the_parse_cache_under_its_byte_limit():
    PARSE_CACHE.clear()
    text = LONG_FUNCTION
    for i in range(40):
        text = text.replace(f"# step {i}\n", f"# step {i}x\n")
        check_source(text, "long.py")
        assert PARSE_CACHE.bytes <= PARSE_CACHE.limit
    assert len(PARSE_CACHE) < 40  # old versions of the function went


def test_check_document_gives_the_findings_of_check_source_and_reuses_them():
    text = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def train(fabric):\n    pass  # a comment\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])\n"
            "fabric = Fabric(strategy=strategy)\nfabric.launch(train)\nif True:\n    y = 2\n")
    checked = check_document(text, "x.py")
    assert checked.report.findings == check_source(text, "x.py").findings
    assert [(f.code, f.span.start.line) for f in checked.report.findings] == [("LXF001", 4)]
    steps = [
        (text.replace("y = 2", "y = 3"), True),  # a chunk no rule looks at
        (text.replace("# a comment", "# a comment, longer"), True),  # a comment in one they look at
        ("x = 1\n\n" + text, True),  # lines added above: the same findings, two lines down
        (text.replace("    pass  # a comment", "    pass  # noqa"), True),  # suppression is read again
        (text.replace("    pass", "    fabric.barrier()"), False),  # code: the rules run again
        (text.replace("activation_checkpointing_policy=[Block]", "activation_checkpointing_policy={Block}"), False),
    ]
    for new_text, reused in steps:
        again = check_document(new_text, "x.py", previous=checked)
        assert again.reused is reused, new_text
        assert again.report.findings == check_source(new_text, "x.py").findings, new_text
    moved = check_document("x = 1\n\n" + text, "x.py", previous=checked)
    assert [(f.code, f.span.start.line) for f in moved.report.findings] == [("LXF001", 6)]
    assert moved.report.findings[0].fixes[0].edits[0].span.start.line == 6


def test_typing_in_a_docstring_runs_no_rule_and_typing_in_a_string_argument_does():
    text = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
            "class Trainer:\n    \"\"\"Trains.\"\"\"\n    def train(self, fabric):\n"
            "        \"\"\"One epoch.\n\n        Example: fabric.strategy.no_backward_sync(model)\n        \"\"\"\n"
            "        strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])\n"
            "        return Fabric(strategy=strategy, accelerator='tpu')\n")
    checked = check_document(text, "x.py")
    assert [(f.code, f.span.start.line, f.span.start.column) for f in checked.report.findings] == [("LXF001", 9, 93)]
    steps = [
        (text.replace("One epoch.", "One epoch, then another."), True),  # a method's docstring
        (text.replace("Trains.", "Trains a model."), True),  # the class's own docstring
        (text.replace("One epoch.\n", "One epoch.\n\n"), True),  # a line more: the finding moves down
        (text.replace("accelerator='tpu'", "accelerator='cpu'"), False),  # a string the rules read
        (text.replace('"""One epoch.', '"""One epoch."""\n        x = """'), False),  # no longer a docstring
    ]
    for new_text, reused in steps:
        again = check_document(new_text, "x.py", previous=checked)
        assert again.reused is reused, new_text
        assert again.report.findings == check_source(new_text, "x.py").findings, new_text
    longer = check_document(text.replace("One epoch.\n", "One epoch.\n\n"), "x.py", previous=checked)
    assert [(f.code, f.span.start.line) for f in longer.report.findings] == [("LXF001", 10)]


def test_spacing_typed_on_a_findings_line_moves_its_columns():
    """The same code spaced otherwise has the same tree, but the finding's columns move with the text."""
    text = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])\n")
    checked = check_document(text, "x.py")
    assert [(f.code, f.span.start.line, f.span.start.column) for f in checked.report.findings] == [("LXF001", 1, 85)]
    spaced = text.replace("(auto_wrap", "( auto_wrap")
    again = check_document(spaced, "x.py", previous=checked)
    assert not again.reused
    assert [(f.code, f.span.start.line, f.span.start.column, f.span.end.column)
            for f in again.report.findings] == [("LXF001", 1, 86, 93)]
    assert again.report.findings == check_source(spaced, "x.py").findings


def test_a_comment_the_findings_read_is_not_typed_past():
    """Findings are kept only while what they read of the text beyond its trees reads the same: a
    message that quotes a list spelled over several lines quotes its comment too, and a fix that
    writes the file's own quotes asks whether the text has an apostrophe anywhere."""
    quoted = ("from lightning.fabric.strategies import XLAFSDPStrategy\n\npolicy = [  # note\n    Block,\n]\n"
              "print(policy)\nstrategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)\n")
    checked = check_document(quoted, "x.py")
    assert [f.message for f in checked.report.findings] == [
        "`activation_checkpointing_policy` must be a set, found [ # note Block, ] (from `policy`, line 3)"]
    assert [e.span.start.line for f in checked.report.findings for x in f.fixes for e in x.edits] == [6]  # not line 2
    again = check_document(quoted.replace("# note", "# notes"), "x.py", previous=checked)
    assert not again.reused
    assert [f.message for f in again.report.findings] == [
        "`activation_checkpointing_policy` must be a set, found [ # notes Block, ] (from `policy`, line 3)"]
    elsewhere = check_document(quoted.replace("\npolicy", "\n# elsewhere\npolicy"), "x.py", previous=again)
    assert elsewhere.report.findings == check_source(quoted.replace("\npolicy", "\n# elsewhere\npolicy"), "x.py").findings
    assert check_document(quoted.replace("# note", "# notes") + "# end\n", "x.py", previous=again).reused  # read nowhere

    loads = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n"
             "def main(model):\n    fabric = Fabric(strategy=XLAFSDPStrategy(), accelerator=\"tpu\")\n"
             "    fabric.launch()\n    model = fabric.setup(model)\n    # a comment\n    fabric.load(\"ckpt\", model)\n")
    checked = check_document(loads, "x.py")
    assert [(f.code, [e.new_text for x in f.fixes for e in x.edits]) for f in checked.report.findings] == [
        ("LXF016", []), ("LXF022", ['{"model": model}'])]
    apostrophe = loads.replace("# a comment", "# the model's")
    again = check_document(apostrophe, "x.py", previous=checked)
    assert not again.reused
    assert [(f.code, [e.new_text for x in f.fixes for e in x.edits]) for f in again.report.findings] == [
        ("LXF016", []), ("LXF022", ["{'model': model}"])]
    assert check_document(apostrophe.replace("model's", "model's own"), "x.py", previous=again).reused


def test_a_comment_typed_on_a_line_a_fix_looks_at_makes_the_fix_again():
    """LXF006's fix puts its `def` two lines apart from a line above it that is not blank: a `#` typed
    into that blank line changes the fix, though no code changed."""
    text = ("from lightning.fabric.strategies import XLAFSDPStrategy\nimport torch\n\nx = 1\n\n"
            "strategy = XLAFSDPStrategy(auto_wrap_policy=lambda m, r, n: isinstance(m, torch.nn.Linear))\n")
    checked = check_document(text, "x.py")
    assert [(f.code, f.fixes[0].edits[0].new_text[:6]) for f in checked.report.findings] == [("LXF006", "def _a")]
    commented = text.replace("x = 1\n\n", "x = 1\n#\n")
    again = check_document(commented, "x.py", previous=checked)
    assert not again.reused
    assert [(f.code, f.fixes[0].edits[0].new_text[:6]) for f in again.report.findings] == [("LXF006", "\n\ndef ")]
    assert again.report.findings == check_source(commented, "x.py").findings


def test_a_document_dropped_after_its_check_frees_its_trees():
    """What the value-flow layer keeps of a function's walk lives only as long as the function's tree:
    a server that closes a document, or a command line checking file after file, keeps no old trees."""
    import gc
    import weakref

    text = ("from lightning.fabric import Fabric\n\n"
            "def build(fabric):\n    policy = [Block]\n    return XLAFSDPStrategy(auto_wrap_policy=policy)\n\n"
            "class Runner:\n    def __init__(self, fabric):\n        self.fabric = fabric\n"
            "    def step(self, model):\n        with self.fabric.no_backward_sync(model):\n            pass\n\n"
            "fabric = Fabric(strategy='xla_fsdp')\nRunner(fabric).step(build(fabric))\n")
    PARSE_CACHE.clear()
    checked = check_document(text, "x.py")
    nodes = {id(node): node for chunk in checked.document.all_chunks if chunk.parsed and chunk.parsed.tree
             for node in ast.walk(chunk.parsed.tree) if isinstance(node, ast.FunctionDef)}
    functions = [weakref.ref(node) for node in nodes.values()]
    del nodes
    assert len(functions) == 3
    del checked
    PARSE_CACHE.clear()
    gc.collect()
    assert [ref() for ref in functions] == [None, None, None]


def test_findings_whose_message_names_a_moved_line_are_made_again():
    text = (Path(__file__).parent / "corpus" / "f06_optimizer_before_setup.py").read_text(encoding="utf-8")
    checked = check_document(text, "x.py")
    assert [(f.code, "(line 19)" in f.message) for f in checked.report.findings] == [("LXF013", True)]
    moved_text = text.replace('"""T5 pretraining', '"""\nT5 pretraining')  # a line more in the docstring
    moved = check_document(moved_text, "x.py", previous=checked)
    assert not moved.reused
    assert "(line 20)" in moved.report.findings[0].message
    assert moved.report.findings == check_source(moved_text, "x.py").findings


def test_only_the_rules_whose_messages_name_a_moved_line_run_again():
    from errata_lsp.analysis.rule import Rule
    from errata_lsp.analysis.rules import BY_CODE

    runs = []

    class Counted(Rule):  # a rule that fails: its failure is kept while it does not run again
        code, record, name, triggers = "LXF998", "7c98b3e7e2bf13da", "counted", ("fabric",)

        def check(self, ctx):
            runs.append(len(ctx.doc.lines))
            raise RuntimeError("counted")

    rules = [Counted(), BY_CODE["LXF013"], BY_CODE["LXF004"]]
    text = (Path(__file__).parent / "corpus" / "f06_optimizer_before_setup.py").read_text(encoding="utf-8")
    checked = check_document(text, "x.py", rules=rules)
    assert runs == [len(text.splitlines()) + 1]
    moved_text = text.replace('"""T5 pretraining', '"""\nT5 pretraining')  # a line more, above every finding
    moved = check_document(moved_text, "x.py", previous=checked, rules=rules)
    assert runs == [len(text.splitlines()) + 1]  # its findings (none) did not name a line: not run again
    assert not moved.reused
    assert [(f.code, f.span.start.line, "(line 20)" in f.message) for f in moved.report.findings] == [
        ("LXF013", 21, True)]
    assert [f.rule for f in moved.report.failures] == ["LXF998"]
    fresh = check_source(moved_text, "x.py", rules=rules)
    assert moved.report.findings == fresh.findings
    assert [f.error for f in moved.report.failures] == [f.error for f in fresh.failures]


CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.py"))
EDIT_PIECES = ["x", " ", "\n", "# c", "#", "(", ")", "'", '"', ":", "fabric", "\n    ", "[Block]", "{Block}",
               "no_backward_sync", "\nimport os\n", "pass", "=", ",", "# noqa", "\n\n"]


@given(st.sampled_from(CORPUS), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 8), st.sampled_from(EDIT_PIECES)),
                                          min_size=1, max_size=6))
@budget(60)
def test_the_findings_of_an_edited_version_are_those_of_a_fresh_check(path, edits):
    text = path.read_text(encoding="utf-8")
    checked = check_document(text, "x.py")
    for where, length, insert in edits:
        start = int(where * len(text))
        text = text[:start] + insert + text[start + length:]
        checked = check_document(text, "x.py", previous=checked)
        assert checked.report.findings == check_source(text, "x.py").findings


def test_a_chunk_far_down_is_parsed_at_its_own_lines_and_columns():
    text = 'def f(x):\n    """Doc."""\n    return fabric.setup(x, "é")\n'
    parsed = parse_chunk(5000, text)
    expected = ast.parse("\n" * 5000 + text)
    assert not parsed.repaired
    assert ast.dump(parsed.tree, include_attributes=True) == ast.dump(expected, include_attributes=True)
    assert parsed.tree.body[0].lineno == 5001


def test_a_class_far_down_is_parsed_method_by_method_at_its_own_lines_and_columns():
    text = ("@dataclass\nclass Config(Base, metaclass=Meta):\n    lr: float = 3e-4\n\n"
            "    def run(self, fabric):\n        return fabric.setup(self, [x for x in 'é'])\n\n"
            "    @property\n    def size(self):\n        class Inner:\n            pass\n        return Inner\n")
    above = 7000
    doc = Document("\n" * above + text, "x.py")
    head, run, size = doc.all_chunks[-3:]
    assert (head.role, run.role, size.role) == ("class", "member", "member")
    whole = ast.parse("\n" * above + text).body[0]
    dump = lambda node: ast.dump(node, include_attributes=True)  # noqa: E731
    parsed_head = doc.parsed(head)
    assert (parsed_head.classdef.lineno, parsed_head.classdef.col_offset) == (whole.lineno, whole.col_offset)
    assert [dump(n) for n in (*parsed_head.classdef.decorator_list, *parsed_head.classdef.bases,
                              *parsed_head.classdef.keywords)] == [
        dump(n) for n in (*whole.decorator_list, *whole.bases, *whole.keywords)]
    assert [dump(s) for s in parsed_head.own_body] == [dump(whole.body[0])]
    assert parsed_head.own_end == (above + 5, 8)  # the end of the stand-in `pass` on the line after the head
    assert [dump(s) for s in doc.parsed(run).tree.body] == [dump(whole.body[1])]
    assert [dump(s) for s in doc.parsed(size).tree.body] == [dump(whole.body[2])]
    by_type, parents = doc.parsed(size).index
    assert [n.lineno for n in by_type[ast.ClassDef]] == [above + 10]
    assert [(n.lineno, n.end_lineno) for n in by_type[ast.Return]] == [(above + 12, above + 12)]
    assert parents[by_type[ast.Pass][0]] is by_type[ast.ClassDef][0]


def test_a_chunks_code_is_worked_out_only_when_its_text_changed():
    from errata_lsp.analysis.document import _SIGNATURE

    text = ("from lightning.fabric import Fabric\n\n"
            "def helper(n):\n    return [n]\n\n"
            "def main():\n    # set up\n    fabric = Fabric()\n    return fabric.setup(helper(1))\n\n"
            "def other():\n    return 2\n")
    opened = check_document(text, "train.py")
    assert [c.first for c in opened.document.all_chunks] == [0, 2, 5, 10]
    assert [c for c in opened.document.all_chunks if _SIGNATURE in c._words] == []  # none at an open
    typed = check_document(text.replace("# set up", "# set it up"), "train.py", previous=opened)
    assert typed.reused
    assert [c.first for c in typed.document.all_chunks if _SIGNATURE in c._words] == [5]
    assert [c.first for c in opened.document.all_chunks if _SIGNATURE in c._words] == [5]


def test_the_node_tables_walk_only_fields_that_can_hold_nodes_and_miss_none():
    from errata_lsp.analysis.document import child_fields

    assert child_fields(ast.Name) == ()  # an identifier and a load/store leaf
    assert child_fields(ast.Constant) == ()
    assert child_fields(ast.Call) == ("func", "args", "keywords")
    assert child_fields(ast.Compare) == ("left", "comparators")  # not its operators
    assert child_fields(ast.FunctionDef) == ("args", "body", "decorator_list", "returns")
    assert child_fields(ast.ImportFrom) == ("names",)
    text = ("@deco(a=1)\nasync def f(x: int = 2, *a, k=lambda y: y, **kw) -> T:\n"
            "    with open(p) as h, q:\n        async for i, (j, *r) in g:\n"
            "            d = {**m, 'k': [i for i in r if i > 0 < j]}\n"
            "    match x:\n        case {'a': [1, *rest]} | C(b=None) as z if z:\n            pass\n"
            "    try:\n        del x[1:2]\n    except (E, F) as e:\n        raise X from e\n"
            "    return f'{x!r:>{w}}' or not -x\n")
    parsed = parse_chunk(40, text)
    by_type, parents = parsed.index
    leaves = (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)
    walked = [n for n in ast.walk(parsed.tree) if not isinstance(n, (ast.Module, *leaves))]
    assert sorted(map(id, walked)) == sorted(id(n) for nodes in by_type.values() for n in nodes)
    assert {id(n) for n in walked} - {id(n) for n in parents} == {id(parsed.tree.body[0])}
    assert parsed.tree.body[0].lineno == 42 and by_type[ast.Raise][0].lineno == 52


def test_every_chunk_parsed_alone_is_the_chunk_parsed_below_blank_lines():
    """Over the corpus and a generated 3,000-line script: each chunk's tree (a method's without its
    stand-in class, a head's class with its own statements) is the tree `ast` gives for its text
    below as many blank lines as stand above it, line and column of every node included."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("gen_script", ROOT / "bench" / "gen_script.py")
    gen_script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen_script)
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "corpus").rglob("*.py"))]
    texts.append(gen_script.generate(3000))
    dump = lambda nodes: [ast.dump(n, include_attributes=True) for n in nodes]  # noqa: E731
    checked = 0
    for text in texts:
        doc = Document(text, "x.py")
        for chunk in doc.all_chunks:
            parsed = doc.parsed(chunk)
            if parsed.repaired:
                continue
            if chunk.role == "member":
                stand_in = ast.parse("\n" * (chunk.first - 1) + "class _:\n" + chunk.text).body[0]
                assert dump(parsed.tree.body) == dump(stand_in.body)
            elif chunk.role == "class" and parsed.classdef is not None:
                expected = ast.parse("\n" * chunk.first + chunk.text.rstrip("\n") + "\n" + chunk.indent + "pass").body[0]
                got = parsed.classdef
                assert (got.lineno, got.col_offset) == (expected.lineno, expected.col_offset)
                assert dump([*got.decorator_list, *got.bases, *got.keywords]) == dump(
                    [*expected.decorator_list, *expected.bases, *expected.keywords])
                assert dump(parsed.own_body) == dump(expected.body[:-1])  # all but the stand-in `pass`
            else:
                assert dump(parsed.tree.body) == dump(ast.parse("\n" * chunk.first + chunk.text).body)
            checked += 1
    assert checked > 1000


def test_a_future_import_after_a_string_in_a_later_chunk_parses_unrepaired():
    text = '"""Doc."""\nfrom __future__ import annotations\n'
    parsed = parse_chunk(3, text)
    assert not parsed.repaired
    assert [(type(s).__name__, s.lineno) for s in parsed.tree.body] == [("Expr", 4), ("ImportFrom", 5)]


def test_a_helper_the_rules_read_brings_its_definition_and_not_its_other_callers():
    text = ("from lightning.fabric import Fabric\n\n"
            "def make_loader(n):\n    return [n]\n\n"
            "def evaluate(m):\n    return make_loader(m)\n\n"
            "def main():\n    fabric = Fabric()\n    return fabric.setup_dataloaders(make_loader(1))\n\n"
            'if __name__ == "__main__":\n    main()\n')
    checked = check_document(text, "train.py")
    # the import, the helper's definition, the function with the trigger word, and its call site
    assert [c.first for c in checked.reads.chunks] == [0, 2, 8, 12]


def test_a_name_is_followed_to_module_code_and_definitions_that_may_bind_it():
    text = ("def loader():\n    return 1\n\n"
            "def uses():\n    return loader()\n\n"
            "def rebinds():\n    global loader\n    loader = None\n\n"
            "class Loader:\n    def loader(self):\n        return loader\n\n"
            "for first, loader in []:\n    pass\n")
    doc = Document(text, "x.py")
    # not `uses`, nor the class whose method only reads it (its method's name is no top-level binding)
    assert [c.first for c in doc.chunks((), binding=("loader",))] == [0, 6, 14]


def test_module_code_after_a_function_in_its_chunk_is_followed_for_the_names_it_binds():
    text = ("def wrapper(module):\n    return module\n\n\n"
            'CONFIG = {"auto_wrapper_callable": wrapper}\n\n\n'
            "def uses():\n    return CONFIG\n")
    doc = Document(text, "x.py")
    assert [c.first for c in doc.all_chunks] == [0, 7]  # an assignment starts no chunk
    assert [c.first for c in doc.chunks((), binding=("CONFIG",))] == [0]


def test_a_document_opened_to_be_edited_keeps_its_trees_out_of_the_parse_cache_and_renumbers_them():
    text = (Path(__file__).parent / "corpus" / "f06_optimizer_before_setup.py").read_text(encoding="utf-8")
    PARSE_CACHE.clear()
    opened = check_document(text, "x.py", own_trees=True)
    assert len(PARSE_CACHE) == 0
    trees = {c.first: c.parsed.tree for c in opened.document.all_chunks if c.parsed and c.first > 0}
    assert len(trees) >= 3
    moved_text = "import sys\n" + text  # a line above every chunk
    moved = check_document(moved_text, "x.py", previous=opened, changes=[(Span(Position(0, 0), Position(0, 0)),
                                                                          "import sys\n")])
    assert len(PARSE_CACHE) == 0
    kept = {c.first - 1: c.parsed.tree for c in moved.document.all_chunks if c.parsed and c.first - 1 in trees}
    assert kept.keys() == trees.keys() and all(kept[line] is trees[line] for line in trees)  # renumbered, not parsed
    assert moved.report.findings == check_source(moved_text, "x.py").findings
    assert [(f.code, f.span.start.line) for f in opened.report.findings] == [("LXF013", 20)]
    assert [(f.code, f.span.start.line) for f in moved.report.findings] == [("LXF013", 21)]


def test_a_statement_cut_where_a_line_inside_its_brackets_starts_with_for_is_parsed_with_the_next_chunk():
    # `for` at column 0 inside the brackets starts a chunk of its own; neither half parses alone
    text = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "policy = [Block\n"
            "for Block in blocks]\n"
            "s = XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block})\n")
    report = check_source(text, "train.py")
    assert not report.failures
    assert [(f.code, f.severity.value, f.span, f.message) for f in report.findings] == [
        ("LXF001", "warning", Span(Position(3, 52), Position(3, 58)),
         "`activation_checkpointing_policy` must be a set, found [Block for Block in blocks] (from `policy`, line 2); "
         "when it is not empty"),
    ]


def test_the_node_tables_hold_every_node_but_the_leaves_with_its_parent() -> None:
    """The tables read each node class's fields as its grammar types them: a `**` in a dict (a None
    key) and a keyword-only parameter without a default (a None in `kw_defaults`) are skipped, not
    indexed, and nothing else is."""
    import ast

    from errata_lsp.analysis.document import ParsedChunk, _index

    source = ("def f(a, *, b, c=1, **k):\n    return {**k, 'x': [b async for b in a], 'y': f'{c!r:>{b}}'}\n"
              "match f:\n    case {'k': [1, *rest]} | None:\n        pass\nx = lambda *, z: z\n")
    tree = ast.parse(source)
    leaves = (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)
    expected = [n for n in ast.walk(tree) if n is not tree and not isinstance(n, leaves)]
    parents = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p) if not isinstance(c, leaves)}
    by_type, found_parents = _index(ParsedChunk(tree, False, 0))
    indexed = [n for nodes in by_type.values() for n in nodes]
    assert sorted(map(id, indexed)) == sorted(map(id, expected))
    assert {c: p for c, p in found_parents.items()} == {c: p for c, p in parents.items() if p is not tree}
