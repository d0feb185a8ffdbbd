"""`mark_forward_method(name)` with a name the value flow reads: a loop over a known tuple marks each of its
elements in turn (LXF031 reads them as marked, LXF036 reads each as a name Lightning checks); a name that cannot
be read marks what it may, so LXF031 stays quiet for that receiver."""

from __future__ import annotations

import ast
import textwrap

from errata_lsp.analysis import check_source

from .test_flow import context

NET = """\
import torch
from lightning.fabric import Fabric
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(8, 1)
    def forward(self, x):
        return self.head(x)
    def generate(self, x):
        return self.head(x)
    def sample(self, x):
        return self.head(x)
"""


def found(body: str, strategy: str = "'xla_fsdp'") -> list[tuple[str, str, int, int]]:
    source = NET + textwrap.dedent(body) + f"Fabric(strategy={strategy}).launch(train)\n"
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(source, "train.py").findings]


def items(source: str) -> list[list[str]] | None:
    ctx = context(source)
    probe = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    got = ctx.flow.loop_items(probe.args[0])
    return None if got is None else [[ast.unparse(v.node) for v in element] for element in got]


# --- the flow: what a loop's variable holds on each turn ----------------------------------------------
def test_a_loop_over_a_tuple_written_there_or_held_gives_each_element():
    assert items("for n in ('a', 'b'):\n    probe(n)\n") == [["'a'"], ["'b'"]]
    assert items("NAMES = ('a', 'b')\ndef f():\n    for n in NAMES:\n        probe(n)\n") == [["'a'"], ["'b'"]]
    assert items("from dataclasses import dataclass\n@dataclass\nclass C:\n    names: tuple = ('a',)\n"
                 "def f(c: C = C()):\n    for n in c.names:\n        probe(n)\nf()\n") == [["'a'"]]


def test_a_loop_over_what_the_flow_cannot_read_whole_gives_nothing():
    assert items("NAMES = ['a']\nNAMES.append('b')\nfor n in NAMES:\n    probe(n)\n") is None  # a list may grow
    assert items("def f(other):\n    for n in (*other, 'a'):\n        probe(n)\n") is None
    assert items("def f(other):\n    for n in other:\n        probe(n)\n") is None
    assert items("for n, m in (('a', 'b'),):\n    probe(n)\n") is None
    assert items("n = 'a'\nprobe(n)\n") is None


# --- LXF031: a method marked through a loop or a name the flow reads ------------------------------------
def test_a_loop_marking_the_method_keeps_lxf031_quiet_and_one_marking_others_does_not():
    marked = """\
    def train(fabric):
        model = fabric.setup_module(Net())
        for name in ("generate",):
            model.mark_forward_method(name)
        model.generate(torch.randn(4, 8))
    """
    assert found(marked) == []
    assert found(marked.replace('("generate",)', '("sample",)')) == [("LXF031", "error", 17, 4)]


def test_a_helper_marking_each_method_of_a_config_tuple_marks_them_all():
    helper = """\
    from dataclasses import dataclass
    @dataclass(frozen=True)
    class Config:
        forward_methods: tuple = ("sample", "generate")
    def prepare(model, cfg):
        for name in cfg.forward_methods:
            model.mark_forward_method(name)
        return model
    def train(fabric, cfg: Config = Config()):
        model = fabric.setup_module(Net())
        model = prepare(model, cfg)
        model.generate(torch.randn(4, 8))
    """
    assert found(helper) == []
    assert found(helper.replace('("sample", "generate")', '("sample",)')) == [("LXF031", "error", 24, 4)]


def test_a_name_given_as_several_strings_marks_each_and_an_unread_name_may_mark_any():
    either = """\
    def train(fabric):
        model = fabric.setup_module(Net())
        name = "generate" if torch.cuda.is_available() else "sample"
        model.mark_forward_method(name)
        model.generate(torch.randn(4, 8))
    """
    assert found(either) == []
    assert found(either.replace('"generate" if', '"sample" if')) == [("LXF031", "error", 17, 4)]
    unread = """\
    def train(fabric, name):
        model = fabric.setup_module(Net())
        model.mark_forward_method(name)
        model.generate(torch.randn(4, 8))
        other = fabric.setup_module(Net())
        other.generate(torch.randn(4, 8))
    """
    assert found(unread) == [("LXF031", "error", 18, 4)]  # only the receiver marked with the unread name is quiet


# --- LXF036: each name a loop marks is checked, at its element of the tuple ----------------------------
def messages(body: str) -> list[tuple[str, int, int, str]]:
    source = NET + textwrap.dedent(body) + "Fabric(strategy='xla_fsdp').launch(train)\n"
    return [(f.code, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(source, "train.py").findings]


def test_a_loop_marking_forward_among_its_names_raises_on_every_run_at_that_element():
    body = """\
    def train(fabric):
        model = fabric.setup_module(Net())
        for name in ("forward", "generate"):
            model.mark_forward_method(name)
        model.generate(torch.randn(4, 8))
    """
    assert messages(body) == [(
        "LXF036", 15, 17,
        "`forward` already runs through the strategy's wrapper (`model(x)`), so `model.mark_forward_method(name)` on "
        "the turn `name` is 'forward' raises ValueError: You cannot mark the forward method itself as a forward "
        "method. Remove the call, or mark the other method that runs the layers")]
    assert messages(body.replace('"forward", ', "")) == []


def test_a_loop_marking_a_name_no_method_has_is_flagged_at_it_with_the_near_method():
    body = """\
    from dataclasses import dataclass
    @dataclass(frozen=True)
    class Config:
        forward_methods: tuple = ("sample", "generat")
    def train(fabric, cfg: Config = Config()):
        model = fabric.setup_module(Net())
        for name in cfg.forward_methods:
            model.mark_forward_method(name)
    """
    source = NET + textwrap.dedent(body) + "Fabric(strategy='xla_fsdp').launch(train)\n"
    [finding] = check_source(source, "train.py").findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column) == (
        "LXF036", "error", 16, 40)
    assert finding.message.startswith("`Net.generat` is no method of the module's class, so "
                                      "`model.mark_forward_method(name)` on the turn `name` is 'generat' raises")
    assert finding.message.endswith("Did you mean 'generate'?")
    [edit] = finding.fixes[0].edits
    assert (edit.span.start.line + 1, edit.span.start.column, edit.new_text) == (16, 40, '"generate"')


def test_a_loop_that_may_skip_the_call_on_a_turn_is_not_read():
    guarded = """\
    def train(fabric):
        model = fabric.setup_module(Net())
        for name in ("forward", "generate"):
            if name != "forward":
                model.mark_forward_method(name)
    """
    assert messages(guarded) == []
    skipped = """\
    def train(fabric):
        model = fabric.setup_module(Net())
        for name in ("forward", "generate"):
            if name == "forward":
                continue
            model.mark_forward_method(name)
    """
    assert messages(skipped) == []
