"""The evaluator's core knows Python alone; a library's meaning comes from the tips and kinds a pack
registers. Shown on a made-up library, `acme`, so nothing here depends on Lightning."""

from __future__ import annotations

import ast
import textwrap

import pytest

from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.names import ImportMap
from errata_lsp.analysis.packs import TIPS
from errata_lsp.analysis.tips import NO_TIPS, Tips
from errata_lsp.analysis.values import KINDS, Value, register_kind

ACME = Tips()
register_kind("acme_client", __name__, always_true=True)
register_kind("acme_job", __name__)
ACME.callback("submit")


@ACME.call
def _client(flow, node, qualified):
    return (Value("acme_client", node, qualified=qualified, flow=flow),) if qualified == "acme.Client" else None


@ACME.method("acme_client")
def _job(flow, node, receiver, name):
    return (Value("acme_job", node, flow=flow),) if name == "job" else None


@ACME.derived_class
def _job_class(flow, cls, node):
    bases = [flow.ctx.resolve(b) for b in cls.bases]
    return (Value("acme_job", node, label=cls.name, flow=flow),) if "acme.Job" in bases else None


SOURCE = """
    import acme
    from functools import partial

    def work(client, steps, retries=0):
        probe(client)

    client = acme.Client()
    job = client.job()
    client.submit(partial(work, 3), retries=1)
    probe(job)
"""


def values_at(source: str, tips: Tips, index: int) -> list[tuple[str, int | None]]:
    doc = Document(textwrap.dedent(source), None)
    ctx = Context(doc, doc.chunks(("",)), tips)
    calls = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"]
    calls.sort(key=lambda c: c.lineno)
    return [(v.kind, v.line) for v in ctx.values(calls[index].args[0])]


def test_without_tips_a_library_call_is_unknown_and_nothing_calls_a_function_back():
    assert values_at(SOURCE, NO_TIPS, 1) == [("unknown", 9)]
    assert values_at(SOURCE, NO_TIPS, 0) == [("unknown", 5)]  # `work` is called by no code the file shows


def test_a_call_tip_and_a_method_tip_give_the_library_kinds():
    assert values_at(SOURCE, ACME, 1) == [("acme_job", 9)]


def test_a_callback_calls_the_function_with_the_receiver_after_a_partial_s_own_arguments():
    # `client.submit(partial(work, 3), retries=1)` calls `work(3, client, retries=1)`: the client lands in
    # `steps`, so `client` (the first parameter) holds 3
    assert values_at(SOURCE, ACME, 0) == [("number", 10)]


def test_kinds_are_a_closed_set():
    with pytest.raises(ValueError, match="unknown value kind 'acme_jobs'"):
        Value("acme_jobs")
    with pytest.raises(ValueError, match="registered by"):
        register_kind("acme_job", "another.pack", always_true=True)
    assert register_kind("acme_job", __name__) == "acme_job"  # the same registration again is no conflict


def test_truthiness_of_a_registered_kind_comes_from_its_registration():
    assert Value("acme_client").truthy is True
    assert Value("acme_job").truthy is None


def test_the_lightning_kinds_belong_to_the_lightning_pack_and_python_s_to_the_core():
    assert KINDS["fabric"].owner == "errata_lsp.analysis.packs.lightning.values"
    assert KINDS["set"].owner == "errata_lsp.analysis.values"
    assert TIPS.callbacks == ("launch",)


def test_a_library_s_spellings_come_from_its_tips_and_the_core_knows_none():
    """`import acme_legacy as a; a.Client` is `acme.Client` only once a pack says `acme_legacy` is `acme`
    and that `acme.core.Client` is spelt `acme.Client`; without tips each name is what the file writes."""
    spelt = Tips(packages={"acme_legacy": "acme"}, spellings={"acme.core.Client": "acme.Client"},
                 star_exports={"acme": frozenset({"Client"})}, libraries=("acme",))
    source = "import acme_legacy as a\nfrom acme.core import Client as C\nfrom acme import *\n"
    for tips, expected in ((spelt, ["acme.Client", "acme.Client", "acme.Client"]),
                           (NO_TIPS, ["acme_legacy.Client", "acme.core.Client", None])):
        imports = ImportMap(tips)
        for node in ast.parse(source).body:
            imports.add(node)
        assert [imports.resolve(ast.parse(e, mode="eval").body) for e in ("a.Client", "C", "Client")] == expected
    assert spelt.canonical("acme_legacyx.Client") == "acme_legacyx.Client"  # another package, not a prefix
    joined = spelt.joined(Tips(spellings={"acme.core.Client": "other.Client", "acme.Job": "acme.jobs.Job"}))
    assert (joined.canonical("acme.core.Client"), joined.canonical("acme.Job")) == ("acme.Client", "acme.jobs.Job")
    assert joined.libraries == ("acme",) and TIPS.canonical("lightning_fabric.Fabric") == "lightning.fabric.Fabric"


@ACME.dispatcher("emit")
def _listeners(flow, receiver):
    """`client.emit("name", ...)` calls `name` of each listener `acme.Client(listeners=[...])` was given."""
    if receiver.kind != "acme_client" or not isinstance(receiver.node, ast.Call):
        return ()
    given = next((k.value for k in receiver.node.keywords if k.arg == "listeners"), None)
    return tuple(x for e in getattr(given, "elts", ()) for x in flow.values(e))


LISTENERS = """
    import acme

    class Logger:
        def on_done(self, client, result):
            probe(result)

    class Other:
        def on_done(self, client, result):
            pass

    client = acme.Client(listeners=[Logger()])
    client.emit("on_done", client=client, result=[1])
"""


def test_a_dispatcher_calls_the_named_method_of_the_objects_the_receiver_holds():
    assert values_at(LISTENERS, ACME, 0) == [("list", 13)]
    assert values_at(LISTENERS, NO_TIPS, 0) == [("unknown", 5)]  # without the tip nothing calls `on_done`
    other = LISTENERS.replace("listeners=[Logger()]", "listeners=[Other()]")
    assert values_at(other, ACME, 0) == [("unknown", 5)]  # a Logger is given to no client


def test_a_class_of_another_module_built_here_is_what_the_tips_say_and_is_written_here(tmp_path):
    from errata_lsp.analysis.project import Workspace

    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    (tmp_path / "jobs.py").write_text("import acme as a\n\n\nclass Nightly(a.Job):\n    pass\n")
    train = tmp_path / "train.py"
    train.write_text("from jobs import Nightly\nprobe(Nightly())\n")
    doc = Document(train.read_text(), str(train))
    ctx = Context(doc, doc.chunks(("",)), ACME)
    ctx.project = Workspace().project_for(str(train), ACME)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][0]
    # its base resolved in jobs.py (`a.Job` is acme.Job there), the value built on line 2 of this module
    assert [(v.kind, v.line, v.label, v.foreign) for v in ctx.values(call.args[0])] == [("acme_job", 2, "Nightly", False)]


def _project_context(tmp_path, files: dict[str, str], entry: str) -> Context:
    from errata_lsp.analysis.project import Workspace

    (tmp_path / "pyproject.toml").write_text("[project]\nname='p'\n")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    path = tmp_path / "train.py"
    path.write_text(entry)
    doc = Document(entry, str(path))
    ctx = Context(doc, doc.chunks(("",)), ACME)
    ctx.project = Workspace().project_for(str(path), ACME)
    return ctx


RUNNER = """\
def run(client, fn=None):
    if fn is None:
        client.submit()
    else:
        client.submit(fn)


def local():
    pass
"""


def test_a_module_read_at_one_call_runs_the_calls_that_call_takes(tmp_path):
    ctx = _project_context(tmp_path, {"runner.py": RUNNER},
                           "import acme\nfrom runner import run\ndef work():\n    pass\nc = acme.Client()\nrun(c)\nrun(c, work)\n")
    calls = sorted((c for c in ctx.nodes(ast.Call) if getattr(c.func, "id", "") == "run"), key=lambda c: c.lineno)
    found = []
    for call in calls:
        func, module = ctx.called_elsewhere(call)
        assert func.name == "run" and module.origin == str(tmp_path / "runner.py")
        view = module.ctx.at_call(ctx.flow.site(module, func, call))
        # which `client.submit(...)` of runner.py runs for this call, and what the client is there
        found.append([(c.lineno, len(c.args), [v.kind for v in view.values(c.func.value)])
                      for c, _ in view.method_calls("submit")])
    assert found == [[(3, 0, ["acme_client"])], [(5, 1, ["acme_client"])]]
    assert [(c.lineno, len(c.args)) for c, _ in module.ctx.method_calls("submit")] == [(3, 0), (5, 1)]  # on its own


def test_only_a_call_of_a_function_of_another_project_module_is_called_elsewhere(tmp_path):
    ctx = _project_context(tmp_path, {"runner.py": RUNNER},
                           "import acme\nfrom runner import run, local\ndef mine():\n    pass\n"
                           "run(acme.Client())\nlocal()\nmine()\nacme.Client()\nprint(1)\n")
    calls = {c.func.id if isinstance(c.func, ast.Name) else ast.unparse(c.func): c for c in ctx.nodes(ast.Call)}
    assert {name: (ctx.called_elsewhere(call) or (None,))[0].__class__.__name__
            for name, call in calls.items()} == {"run": "FunctionDef", "local": "FunctionDef", "mine": "NoneType",
                                                 "acme.Client": "NoneType", "print": "NoneType"}
