"""Warm caches answer as a check from scratch does, after any sequence of edits.

The check the server makes of an open document keeps three caches: the previous version's checked
document (its chunks, trees and findings, reused when nothing the rules read changed), the project
model's module summaries (keyed by the stamps of the modules they read), and the parse cache of
chunk trees. A random sequence of edits to the open file and to the modules it imports, on disk
(with or without the editor telling) and in open buffers, each followed by the server's check: its
findings and notes must be those of a check from scratch, with a project model and parse cache of
its own. The edits are lines of a small grammar that matters to the rules: policies as a list, a
set, a frozenset, empty or None, imports of every form, names re-exported and patched.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import event, example, given
from hypothesis import strategies as st

from errata_lsp.analysis import engine
from errata_lsp.analysis.document import PARSE_CACHE
from errata_lsp.analysis.engine import CheckedDocument, check_document, check_source
from errata_lsp.analysis.project import WORKSPACE, Workspace

try:
    from reliability.profiles import budget
except ImportError:
    from tests.reliability.profiles import budget

BLOCK = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n"
SHAPES = ["[Block]", "{Block}", "(Block,)", "frozenset({Block})", "[]", "None", "{object}"]
defined = st.builds(lambda remat, wrap: f"REMAT = {remat}\nWRAP = {wrap}", st.sampled_from(SHAPES), st.sampled_from(SHAPES))
# what each module may say: its own policies in every shape, or every import form of another's
# (chains of modules, re-exports, star imports, `__all__`, a module patched by another, cycles)
GRAMMAR = {
    "layers.py": [defined, st.just("from config import *")],
    "config.py": [defined, st.just("from layers import REMAT, WRAP"), st.just("from layers import *"),
                  st.just("import layers\nREMAT = layers.REMAT\nWRAP = layers.WRAP"), st.just("from pkg import REMAT, WRAP"),
                  st.just("import layers\nlayers.REMAT = [Block]\nfrom layers import *")],
    "pkg/__init__.py": [st.just("from .policies import REMAT, WRAP"), st.just("from .policies import *"),
                        st.just("from . import policies\nREMAT, WRAP = policies.REMAT, policies.WRAP"),
                        st.just("from .policies import REMAT as R, WRAP as W\nREMAT = R\nWRAP = W"),
                        st.just("from config import REMAT, WRAP"), defined],
    "pkg/policies.py": [st.just("from layers import REMAT, WRAP"), st.just("from layers import *\n__all__ = ['WRAP']"),
                        st.just("from ..config import REMAT, WRAP"), st.just("from config import *"), defined],
}
MODULES = tuple(GRAMMAR)
TRAIN_IMPORTS = ["from config import REMAT, WRAP", "from pkg import REMAT, WRAP", "from config import *",
                 "from pkg.policies import *", "import config\nREMAT, WRAP = config.REMAT, config.WRAP",
                 "import pkg.policies as P\nREMAT = P.REMAT\nWRAP = {Block}", "REMAT = [Block]\nWRAP = {Block}"]


def module(body: str, more: str = "") -> str:
    return BLOCK + body + "\n" + more + "\n"


def train(imports: str, remat: str = "REMAT", wrap: str = "WRAP") -> str:
    return ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n" + BLOCK
            + imports + "\n"
            + f"strategy = XLAFSDPStrategy(auto_wrap_policy={wrap}, activation_checkpointing_policy={remat})\n"
            + "fabric = Fabric(strategy=strategy)\n")


def module_text(name: str) -> st.SearchStrategy[str]:
    return st.builds(module, st.one_of(GRAMMAR[name]), st.sampled_from(["", "# a comment", "x = 1", "WRAP = {Block}"]))


train_text = st.builds(train, st.sampled_from(TRAIN_IMPORTS), st.sampled_from(["REMAT", "WRAP", "[Block]"]),
                       st.sampled_from(["WRAP", "REMAT", "{Block}"]))
# train -> pkg -> pkg.policies -> layers, the last changed on disk with no editor telling: pkg's
# `REMAT = R` was evaluated once, through a module whose own stamp did not change (a chain
# the default run's 50 examples rarely build)
CHAIN = (train("from pkg import REMAT, WRAP"),
         (module("REMAT = [Block]\nWRAP = {Block}"), module("REMAT = None\nWRAP = None"),
          module("from .policies import REMAT as R, WRAP as W\nREMAT = R\nWRAP = W"),
          module("from layers import REMAT, WRAP")),
         [("disk unannounced", "layers.py", module("REMAT = {Block}\nWRAP = {Block}"))])
# a module being followed (pkg.policies, then pkg) read a module found stale on the way (config.py,
# rewritten unannounced): replacing that one summary must not drop the ones following it, or what they
# read after it (layers.py) is lost from the check's modules and its later edit is never seen
FOLLOWED = (train("from config import REMAT, WRAP"),
            (module("REMAT = [Block]\nWRAP = [Block]"), module("from layers import REMAT, WRAP"),
             module("from .policies import REMAT, WRAP"), module("from layers import REMAT, WRAP")),
            [("open", "train.py", train("from pkg import REMAT, WRAP", "[Block]", "WRAP")),
             ("disk unannounced", "config.py", module("from layers import REMAT, WRAP")),
             ("disk", "pkg/policies.py", module("from ..config import REMAT, WRAP")),
             ("disk", "layers.py", module("from config import *"))])
edit = st.one_of(
    st.tuples(st.just("open"), st.just("train.py"), train_text),  # the open document typed in
    *[st.tuples(st.sampled_from(["disk", "disk unannounced", "buffer"]), st.just(name), module_text(name))
      for name in MODULES],
    st.tuples(st.just("close"), st.sampled_from(MODULES), st.none()),  # its buffer closed: the disk's text again
)


def shown(report: engine.Report) -> tuple[list, list]:
    return ([(f.code, f.severity.value, f.span, f.message, tuple(x.title for x in f.fixes)) for f in report.findings],
            sorted(report.notes))


def from_scratch(train: Path) -> tuple[list, list]:
    """The check of a server just started with the same buffers open: no summary, no tree, no
    previous version."""
    warm_workspace = engine.WORKSPACE
    fresh = Workspace()
    fresh.buffers.update(warm_workspace.buffers)
    engine.WORKSPACE = fresh
    PARSE_CACHE.clear()
    try:
        return shown(check_source(fresh.buffers.get(str(train), train.read_text()), str(train)))
    finally:
        engine.WORKSPACE = warm_workspace


@budget(50)  # 2,500 in the long run (HYPOTHESIS_PROFILE=long)
@given(first=train_text, modules=st.tuples(*map(module_text, MODULES)), edits=st.lists(edit, min_size=1, max_size=6))
@example(first=CHAIN[0], modules=CHAIN[1], edits=CHAIN[2])
@example(first=FOLLOWED[0], modules=FOLLOWED[1], edits=FOLLOWED[2])
def test_a_warm_check_after_any_edits_gives_the_findings_of_a_check_from_scratch(first, modules, edits):
    with tempfile.TemporaryDirectory(prefix="warm-") as tmp:
        root = Path(tmp).resolve()
        (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
        (root / "pkg").mkdir()
        serial = [1]

        def on_disk(name: str, text: str) -> None:
            path = root / name
            path.write_text(text)
            serial[0] += 1  # its own mtime: two quick writes on a coarse clock would share one
            os.utime(path, ns=(serial[0] * 10**9, serial[0] * 10**9))

        for name, text in zip(MODULES, modules, strict=True):
            on_disk(name, text)
        on_disk("train.py", first)
        train = root / "train.py"
        opened = [str(train)]
        try:
            WORKSPACE.set_buffer(str(train), first)  # the server gives every open document's text
            checked: CheckedDocument = check_document(first, str(train), own_trees=True)
            assert shown(checked.report) == from_scratch(train)
            for kind, name, text in edits:
                path = str(root / name)
                if kind == "open":
                    WORKSPACE.set_buffer(path, text)
                elif kind == "buffer":
                    opened.append(path)
                    WORKSPACE.set_buffer(path, text)
                elif kind == "close":
                    WORKSPACE.set_buffer(path, None)
                else:
                    on_disk(name, text)
                    if kind == "disk":  # the editor's file watcher tells of it
                        WORKSPACE.changed(path)
                current = WORKSPACE.buffers[str(train)]
                checked = check_document(current, str(train), previous=checked, own_trees=True)
                event(f"{kind}: {' '.join(sorted({f.code for f in checked.report.findings})) or 'no finding'}")
                assert shown(checked.report) == from_scratch(train), (kind, name)
        finally:
            for path in opened:
                WORKSPACE.set_buffer(path, None)
