"""Slips a refactor makes in one place, second round: the newest code (a helper decided by the calls
other modules write, how a call binds to a def, wrappers and dispatchers, the command line's cache and
its workers). Each test pins what a user sees: a finding with its code, severity, line and message, or a
stale or fresh result after a change.

`mutation/slips.py` makes each slip by hand in a copy of the tree and checks that the test named for it
here fails on it (see `mutation/RESULTS.md`, "Hand-made slips, round two")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.project import WORKSPACE

# dist.py's helper: the list policy is given only when a caller passes a true `remat`
FACTORY = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def make_strategy(remat):
    kwargs = dict(auto_wrap_policy={Block})
    if remat:
        kwargs["activation_checkpointing_policy"] = [Block]
    return XLAFSDPStrategy(**kwargs)
"""
# line 12, column 52 of FACTORY: the list, when no call decides `remat` (passed only under `if remat:`)
UNDECIDED = [("LXF001", "warning", 12, 52, "`activation_checkpointing_policy` must be a set, found [Block]; when remat")]
# the same when a caller passes a true `remat`: it raises
PASSED = [("LXF001", "error", 12, 52, "`activation_checkpointing_policy` must be a set, found [Block]")]


def entry(module: str, remat: str = "False") -> str:
    """A script that imports the helper from `module` and calls it with `remat`."""
    return (f"from lightning.fabric import Fabric\nfrom {module} import make_strategy\n\n"
            f"if __name__ == \"__main__\":\n    Fabric(accelerator='tpu', strategy=make_strategy({remat})).launch(print)\n")


def tree(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def found(path: Path, text: str | None = None) -> list[tuple[str, str, int, int, str]]:
    """(code, severity, 1-based line, column, message) of each finding of `path`'s check."""
    source = path.read_text() if text is None else text
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(source, str(path)).findings]


# --- a helper decided by the calls other modules write -------------------------------------------------
def test_a_caller_s_buffer_that_starts_calling_the_helper_decides_its_test(tmp_path):
    """train.py, open in the editor, starts calling `make_strategy(False)` (its file on disk calls nothing):
    dist.py's next check reads the buffer, not the file, and not the text it read before the edit."""
    root = tree(tmp_path, {"dist.py": FACTORY, "train.py": "import dist\n"})
    assert found(root / "dist.py") == UNDECIDED
    train = str(root / "train.py")
    WORKSPACE.set_buffer(train, "import dist\n# typing...\n")
    try:
        assert found(root / "dist.py") == UNDECIDED
        WORKSPACE.set_buffer(train, entry("dist"))
        assert found(root / "dist.py") == []
        WORKSPACE.set_buffer(train, entry("dist", "remat=True"))
        assert found(root / "dist.py") == PASSED
    finally:
        WORKSPACE.set_buffer(train, None)
    assert found(root / "dist.py") == UNDECIDED  # closed: the file again, which calls nothing


def test_a_caller_file_added_to_the_project_decides_the_helper_s_test(tmp_path):
    """A train.py created next to dist.py (the editor's file watcher says so) is looked through."""
    root = tree(tmp_path, {"dist.py": FACTORY})
    assert found(root / "dist.py") == UNDECIDED
    (root / "train.py").write_text(entry("dist"))
    WORKSPACE.changed(str(root / "train.py"))
    assert found(root / "dist.py") == []


def test_helpers_in_two_folders_are_each_decided_by_their_own_folder_s_callers(tmp_path):
    """tools/ is no package: tools/dist.py's callers are looked for in tools/, the project's dist.py's in
    the whole project; checking one first does not leave the other with its files."""
    root = tree(tmp_path, {"dist.py": FACTORY, "train.py": entry("dist"),
                           "tools/dist.py": FACTORY, "tools/run.py": entry("dist")})
    assert found(root / "tools" / "dist.py") == []
    assert found(root / "dist.py") == []
    (root / "train.py").write_text(entry("dist", "True"))
    WORKSPACE.changed(str(root / "train.py"))
    assert found(root / "dist.py") == PASSED
    assert found(root / "tools" / "dist.py") == []  # tools/run.py still passes False


def test_a_helper_in_a_package_s_init_is_decided_by_the_modules_that_import_the_package(tmp_path):
    root = tree(tmp_path, {"pkg/__init__.py": FACTORY, "train.py": entry("pkg")})
    assert found(root / "pkg" / "__init__.py") == []
    (root / "train.py").write_text(entry("pkg", "remat=True"))
    WORKSPACE.changed(str(root / "train.py"))
    assert found(root / "pkg" / "__init__.py") == PASSED


def test_a_helper_of_a_package_is_decided_by_a_caller_outside_the_package(tmp_path):
    """pkg/dist.py is imported as `pkg.dist` by train.py, above the package: its callers are looked for
    from the folder the package is imported from."""
    root = tree(tmp_path, {"pkg/__init__.py": "", "pkg/dist.py": FACTORY, "train.py": entry("pkg.dist")})
    assert found(root / "pkg" / "dist.py") == []



# Cosmic Ray's survivors in the same code (`python mutation/run.py callers`): which files are looked through
def test_a_project_that_is_a_package_is_looked_through_up_to_its_own_folder(tmp_path):
    """proj/ holds `__init__.py`: its helper's callers are still looked for in proj/ only, not in the
    folder above it, where another script passes True."""
    root = tree(tmp_path / "proj", {"__init__.py": "", "dist.py": FACTORY, "train.py": entry("dist")})
    (tmp_path / "other.py").write_text(entry("dist", "True"))
    assert found(root / "dist.py") == []


def test_a_function_of_another_module_with_the_same_name_and_line_is_not_the_helper(tmp_path):
    """dist_old.py is a copy of dist.py: train.py calls the copy's `make_strategy`, not dist.py's, so
    nothing decides dist.py's test."""
    root = tree(tmp_path, {"dist.py": FACTORY, "dist_old.py": FACTORY, "train.py": "import dist\n" + entry("dist_old")})
    assert found(root / "dist.py") == UNDECIDED


def test_a_build_folder_s_copy_of_a_caller_is_not_looked_through(tmp_path):
    root = tree(tmp_path, {"dist.py": FACTORY, "train.py": entry("dist"), "build/lib/train.py": entry("dist", "True"),
                           ".cache/train.py": entry("dist", "True")})
    assert found(root / "dist.py") == []


def test_only_the_files_that_import_the_helper_s_module_count_towards_the_bound_on_modules_read(tmp_path):
    """Nine files define a `make_strategy` of their own: they name the helper but do not import dist,
    so they are not read (past eight read, the helper would be left undecided)."""
    files = {"dist.py": FACTORY, "train.py": entry("dist")}
    files.update({f"tool{i}.py": "def make_strategy():\n    pass\n" for i in range(9)})
    root = tree(tmp_path, files)
    assert found(root / "dist.py") == []
    report = check_source(FACTORY, str(root / "dist.py"))
    assert sorted(Path(m).name for m in report.modules) == ["dist.py", "train.py"]


# --- the command line's cache and its workers ------------------------------------------------------------
TRAIN = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from {module} import Block, CHECKPOINT

strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=CHECKPOINT)
fabric = Fabric(strategy=strategy)
"""
CONFIG_LIST = "from torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nCHECKPOINT = [Block]\n"
CONFIG_SET = CONFIG_LIST.replace("[Block]", "{Block}")


def cli_check(root: Path, cache: Path | None) -> subprocess.CompletedProcess:
    where = ["--no-cache"] if cache is None else ["--cache-dir", str(cache)]
    return subprocess.run([sys.executable, "-m", "errata_lsp", "check", *where, "."], cwd=root,
                          capture_output=True, text=True, timeout=120)


def reported(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stdout.splitlines() if ": LXF" in line]


def test_two_folders_with_the_same_script_and_different_neighbours_each_get_their_own_findings(tmp_path):
    """a/train.py and b/train.py are the same text; each imports its own folder's config.py, a list in
    a/ and a set in b/. The cached run reports a/'s finding once, as a run without the cache does."""
    root = tree(tmp_path / "proj", {"a/train.py": TRAIN.format(module="config"), "a/config.py": CONFIG_LIST,
                                    "b/train.py": TRAIN.format(module="config"), "b/config.py": CONFIG_SET})
    fresh = cli_check(root, None)
    assert reported(fresh) == [
        f"a{os.sep}config.py:8:14: LXF001 `activation_checkpointing_policy` must be a set, found [Block] (from "
        f"`CHECKPOINT`, `config.py`, line 8) (used in a{os.sep}train.py, line 6)"]
    cache = tmp_path / "cache"
    for _ in range(2):  # the run that writes the entries, then the one that reads them
        result = cli_check(root, cache)
        assert (result.returncode, result.stdout) == (fresh.returncode, fresh.stdout)


def test_a_package_added_where_an_imported_module_s_import_looks_is_read(tmp_path):
    """train.py imports helpers.py, whose `from tools.cfg import ...` finds tools/cfg.py; a package
    tools/cfg/ added later is what Python imports instead. Only helpers.py's import looked in tools/:
    train.py's cached entry must still notice it."""
    root = tree(tmp_path / "proj", {"train.py": TRAIN.format(module="helpers"),
                                    "helpers.py": "from tools.cfg import Block, CHECKPOINT\n",
                                    "tools/cfg.py": CONFIG_SET})
    cache = tmp_path / "cache"
    first = cli_check(root, cache)
    assert (first.returncode, reported(first)) == (0, [])
    (root / "tools" / "cfg").mkdir()
    (root / "tools" / "cfg" / "__init__.py").write_text(CONFIG_LIST)
    fresh, cached = cli_check(root, None), cli_check(root, cache)
    assert reported(fresh) == [
        f"tools{os.sep}cfg{os.sep}__init__.py:8:14: LXF001 `activation_checkpointing_policy` must be a set, found "
        "[Block] (from `CHECKPOINT`, `__init__.py`, line 8) (used in train.py, line 6)"]
    assert (cached.returncode, cached.stdout) == (fresh.returncode, fresh.stdout)


# --- how a call binds to a def, wrappers, dispatchers ---------------------------------------------------
BLOCK = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass
"""  # 7 lines: what follows starts on line 8


def script(tmp_path: Path, body: str) -> list[tuple[str, str, int, int, str]]:
    path = tmp_path / "train.py"
    path.write_text(BLOCK + body)
    return found(path)


def test_a_call_that_unpacks_arguments_may_fill_any_parameter(tmp_path):
    """`make(*given)` and `make(**named)` may pass `policy`: its default list is not what they give (the
    tuple and dict are sets there). A call that passes nothing for it gets the default, and the error."""
    body = """
def make(wrap, policy=[Block]):
    return XLAFSDPStrategy(auto_wrap_policy=wrap, activation_checkpointing_policy=policy)


given = ({Block}, {Block})
named = {"wrap": {Block}, "policy": {Block}}
first = Fabric(accelerator="tpu", strategy=make(*given))
second = Fabric(accelerator="tpu", strategy=make(**named))
"""
    assert script(tmp_path, body) == []
    assert script(tmp_path, body + 'third = Fabric(accelerator="tpu", strategy=make({Block}))\n') == [
        ("LXF001", "warning", 10, 82, "`activation_checkpointing_policy` must be a set, found [Block] "
         "(from `policy`, line 9); when called at line 17")]


def test_stacked_decorators_apply_bottom_first(tmp_path):
    """`@passes_a_set @passes_a_list def make`: make is passes_a_set(passes_a_list(make)), so the list
    reaches `policy` (the set goes to the inner wrapper's `x`)."""
    body = """

def passes_a_list(fn):
    def wrapper(x=None):
        return fn([Block])
    return wrapper


def passes_a_set(fn):
    def wrapper(x=None):
        return fn({Block})
    return wrapper


@passes_a_set
@passes_a_list
def make(policy):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)


fabric = Fabric(accelerator="tpu", strategy=make())
"""
    assert script(tmp_path, body) == [
        ("LXF001", "error", 25, 85, "`activation_checkpointing_policy` must be a set, found [Block] "
         "(from `policy`, line 12)")]
    swapped = body.replace("@passes_a_set\n@passes_a_list", "@passes_a_list\n@passes_a_set")
    assert script(tmp_path, swapped) == []


def test_a_method_wrapper_passes_on_what_follows_its_own_parameters(tmp_path):
    """`Builder().make([Block])`: the method's `*args` are what follows the instance, so the list is
    `build`'s `policy`."""
    body = """

def build(policy, wrap={Block}):
    return XLAFSDPStrategy(auto_wrap_policy=wrap, activation_checkpointing_policy=policy)


class Builder:
    def make(self, *args, **kwargs):
        return build(*args, **kwargs)


fabric = Fabric(accelerator="tpu", strategy=Builder().make([Block]))
"""
    assert script(tmp_path, body) == [
        ("LXF001", "error", 11, 82, "`activation_checkpointing_policy` must be a set, found [Block] "
         "(from `policy`, line 19)")]


CALLBACK = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Accumulate:
    def on_start(self, fabric, model):
        pass

    def on_end(self, fabric, model):
        with fabric.no_backward_sync(model):
            pass


def train(fabric):
    raw = nn.Linear(2, 2)
    model = fabric.setup_module(raw)
    fabric.call("on_start", fabric=fabric, model=raw)
    fabric.call("on_end", fabric=fabric, model={passed})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks=[Accumulate()])
    fabric.launch(train)
"""


def test_fabric_call_runs_only_the_callback_method_it_names(tmp_path):
    """`fabric.call("on_start", model=raw)` runs `on_start` only: `on_end`, the one that syncs on its
    model, gets the set-up module from its own call. Given the raw module there, it is the TypeError."""
    path = tmp_path / "train.py"
    path.write_text(CALLBACK.replace("{passed}", "model"))
    assert found(path) == []
    path.write_text(CALLBACK.replace("{passed}", "raw"))
    assert found(path) == [(
        "LXF004", "error", 11, 37, "`model` is not set up: it holds the raw module `nn.Linear(2, 2)` (line 16); "
        "pass the module returned by `fabric.setup(...)`, or Fabric raises TypeError")]
