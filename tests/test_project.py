"""The project model: modules found on disk, every import form followed, values read in the module
that writes them, open buffers before files, and what a change in one module invalidates."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.engine import check_document
from errata_lsp.analysis.project import (
    MAX_CHAIN,
    MAX_MODULE_BYTES,
    MAX_PROJECTS,
    WORKSPACE,
    ModuleFinder,
    Workspace,
    read_module,
)

LAYERS = '''\
from torch import nn


class Block(nn.Module):
    pass


REMAT = [Block]
'''

HEAD = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
'''


def use(policy: str) -> str:
    return f"strategy = XLAFSDPStrategy(auto_wrap_policy={{object}}, activation_checkpointing_policy={policy})\n" \
           "fabric = Fabric(strategy=strategy)\n"


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def found(path: Path) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.message, f.span.start.line, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


def remat_error(line: int, where: str, label: str = "REMAT") -> list[tuple[str, str, int, int]]:
    """LXF001 on the policy's value in `use` (column 86), naming where the list was written."""
    return [("LXF001", f"`activation_checkpointing_policy` must be a set, found [Block] (from `{label}`, {where})",
             line, 86)]


IMPORT_FORMS = {
    "from": ("from config import REMAT\n", "REMAT"),
    "from-as": ("from config import REMAT as POLICY\n", "POLICY"),
    "import-as": ("import config as c\n", "c.REMAT"),
    "import": ("import config\n", "config.REMAT"),
    "import-dotted": ("import pkg.layers\n", "pkg.layers.REMAT"),
    "import-dotted-as": ("import pkg.layers as L\n", "L.REMAT"),
    "from-package-module": ("from pkg import layers\n", "layers.REMAT"),
    "from-package-reexport": ("from pkg import POLICY\n", "POLICY"),
}


@pytest.mark.parametrize("form", sorted(IMPORT_FORMS))
def test_each_absolute_import_form_is_followed(tmp_path, form):
    importing, policy = IMPORT_FORMS[form]
    tree(tmp_path, {"config.py": LAYERS, "pkg/__init__.py": "from .layers import REMAT as POLICY\n",
                    "pkg/layers.py": LAYERS, "train.py": HEAD + importing + use(policy)})
    where = "`config.py`, line 8" if "config" in importing else "`layers.py`, line 8"
    assert found(tmp_path / "train.py") == remat_error(3, where)


@pytest.mark.parametrize("importing, policy", [
    ("from .layers import REMAT\n", "REMAT"),
    ("from . import layers\n", "layers.REMAT"),
    ("from ..shared.layers import REMAT\n", "REMAT"),
    ("from ..shared import layers as L\n", "L.REMAT"),
])
def test_relative_imports_from_a_package(tmp_path, importing, policy):
    tree(tmp_path, {"app/__init__.py": "", "app/run/__init__.py": "", "app/run/layers.py": LAYERS,
                    "app/shared/__init__.py": "", "app/shared/layers.py": LAYERS,
                    "app/run/train.py": HEAD + importing + use(policy)})
    assert found(tmp_path / "app/run/train.py") == remat_error(3, "`layers.py`, line 8")


def test_src_layout_and_namespace_package(tmp_path):
    tree(tmp_path, {"src/proj/__init__.py": "", "src/proj/layers.py": LAYERS, "ns/inner/layers.py": LAYERS,
                    "scripts/a.py": HEAD + "from proj.layers import REMAT\n" + use("REMAT"),
                    "b.py": HEAD + "from ns.inner.layers import REMAT\n" + use("REMAT")})
    assert found(tmp_path / "scripts/a.py") == remat_error(3, "`layers.py`, line 8")
    assert found(tmp_path / "b.py") == remat_error(3, "`layers.py`, line 8")
    finder = ModuleFinder((str(tmp_path),))
    namespace = finder.find("ns.inner", None)
    assert namespace is not None and namespace.path is None and namespace.folder == str(tmp_path / "ns" / "inner")


def test_a_chain_of_modules_each_with_its_own_imports(tmp_path):
    files = {"m0.py": LAYERS}
    for i in range(1, 5):
        files[f"m{i}.py"] = f"from m{i - 1} import REMAT\n"
    files["train.py"] = HEAD + "from m4 import REMAT\n" + use("REMAT")
    tree(tmp_path, files)
    assert found(tmp_path / "train.py") == remat_error(3, "`m0.py`, line 8")


def test_a_chain_past_its_bound_is_unknown_and_the_note_says_so(tmp_path):
    files = {"m0.py": LAYERS}
    for i in range(1, MAX_CHAIN + 2):
        files[f"m{i}.py"] = f"from m{i - 1} import REMAT\n"
    files["train.py"] = HEAD + f"from m{MAX_CHAIN + 1} import REMAT\n" + use("REMAT")
    tree(tmp_path, files)
    report = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py"))
    assert report.findings == []
    assert report.notes == [(2, f"imports followed more than {MAX_CHAIN} modules deep from here: what `REMAT` "
                                "holds past that is unknown")]


def test_an_import_cycle_is_unknown_not_an_error(tmp_path):
    tree(tmp_path, {"a.py": "from b import REMAT\n", "b.py": "from a import REMAT\nfrom a import *\n",
                    "train.py": HEAD + "from a import REMAT\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == []


def test_a_cycle_between_modules_that_each_define_something(tmp_path):
    tree(tmp_path, {"a.py": "import b\nfrom torch import nn\n\n\nclass Block(nn.Module):\n    pass\n\n\nREMAT = [Block]\n",
                    "b.py": "import a\nPOLICY = a.REMAT\n",
                    "train.py": HEAD + "from b import POLICY\n" + use("POLICY")})
    assert found(tmp_path / "train.py") == remat_error(3, "`a.py`, line 9")


@pytest.mark.parametrize("star_module, expected", [
    (LAYERS, remat_error(3, "`layers.py`, line 8")),
    (LAYERS + "__all__ = ['Block', 'REMAT']\n", remat_error(3, "`layers.py`, line 8")),
    (LAYERS + "__all__ = ['Block']\n", []),  # `REMAT` is not exported: the name is unknown
])
def test_star_import(tmp_path, star_module, expected):
    tree(tmp_path, {"layers.py": star_module, "train.py": HEAD + "from layers import *\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == expected


def test_star_import_of_a_package_that_star_imports_its_module(tmp_path):
    tree(tmp_path, {"pkg/__init__.py": "from .layers import *\n", "pkg/layers.py": LAYERS,
                    "train.py": HEAD + "from pkg import *\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == remat_error(3, "`layers.py`, line 8")


def test_private_names_are_not_star_exported(tmp_path):
    tree(tmp_path, {"layers.py": LAYERS.replace("REMAT", "_REMAT"),
                    "train.py": HEAD + "from layers import *\n" + use("_REMAT")})
    assert found(tmp_path / "train.py") == []


def test_an_instance_built_in_another_module_read_through_attributes(tmp_path):
    config = LAYERS + '''
from dataclasses import dataclass, field


@dataclass
class Sharding:
    remat: list = field(default_factory=lambda: [Block])


@dataclass
class Config:
    sharding: Sharding = field(default_factory=Sharding)


CFG = Config()
'''
    tree(tmp_path, {"config.py": config, "train.py": HEAD + "from config import CFG\n" + use("CFG.sharding.remat")})
    assert found(tmp_path / "train.py") == remat_error(3, "`config.py`, line 15", label="Sharding.remat")


def test_a_class_defined_next_door_built_here(tmp_path):
    config = LAYERS + '''

class Config:
    remat = [Block]
'''
    tree(tmp_path, {"config.py": config, "train.py": HEAD + "from config import Config\ncfg = Config()\n"
                    + use("cfg.remat")})
    assert found(tmp_path / "train.py") == remat_error(4, "`config.py`, line 12", label="Config.remat")


def test_a_module_attribute_patched_here(tmp_path):
    tree(tmp_path, {"config.py": LAYERS.replace("REMAT = [Block]", "REMAT = {Block}"),
                    "train.py": HEAD + "import config\nconfig.REMAT = [config.Block]\n" + use("config.REMAT")})
    assert [f[0] for f in found(tmp_path / "train.py")] == ["LXF001"]


def test_an_open_buffer_wins_over_the_file_on_disk(tmp_path):
    tree(tmp_path, {"config.py": LAYERS, "train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    config = str(tmp_path / "config.py")
    assert found(tmp_path / "train.py") == remat_error(3, "`config.py`, line 8")
    try:
        WORKSPACE.set_buffer(config, LAYERS.replace("REMAT = [Block]", "REMAT = {Block}"))
        assert found(tmp_path / "train.py") == []
    finally:
        WORKSPACE.set_buffer(config, None)
    assert found(tmp_path / "train.py") == remat_error(3, "`config.py`, line 8")


def test_a_change_on_disk_is_seen_by_the_next_check_of_an_unchanged_document(tmp_path):
    tree(tmp_path, {"config.py": "from layers import REMAT\n", "layers.py": LAYERS,
                    "train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    train = tmp_path / "train.py"
    first = check_document(train.read_text(), str(train), own_trees=True)
    assert [f.code for f in first.report.findings] == ["LXF001"]
    assert first.report.modules == (str(tmp_path / "config.py"), str(tmp_path / "layers.py"))
    layers = tmp_path / "layers.py"
    layers.write_text(LAYERS.replace("REMAT = [Block]", "REMAT = {Block}  # now a set"))
    os.utime(layers, ns=(1, 1))  # another stamp even on a coarse clock
    again = check_document(train.read_text(), str(train), previous=first, own_trees=True)
    assert again.report.findings == [] and not again.reused


def _told_of_disk_changes(monkeypatch, folder: Path, at: list[float]) -> None:
    """The client told the server it watches the workspace's Python files (folder one of its folders); the
    clock reads `at[0]`."""
    from errata_lsp.analysis import project as project_module

    monkeypatch.setattr(WORKSPACE, "folders", WORKSPACE.folders)  # (restored by its own list: folders added stay)
    monkeypatch.setattr(WORKSPACE.watch, "on", True)
    monkeypatch.setattr(project_module.time, "monotonic", lambda: at[0])
    WORKSPACE.add_folder(str(folder))


def _set_policy_on_disk(layers: Path) -> None:
    layers.write_text(LAYERS.replace("REMAT = [Block]", "REMAT = {Block}  # now a set"))
    os.utime(layers, ns=(1, 1))  # another stamp even on a coarse clock


def test_a_told_of_module_is_not_stat_again_until_the_client_tells_it_changed(tmp_path, monkeypatch):
    """A client watching the workspace's files tells of a change (`Workspace.changed`, as the server does on
    `workspace/didChangeWatchedFiles`): until it does, a keystroke's check keeps the stamp it took."""
    at = [1000.0]
    _told_of_disk_changes(monkeypatch, tmp_path, at)
    tree(tmp_path, {"layers.py": LAYERS, "train.py": HEAD + "from layers import REMAT\n" + use("REMAT") + "# x"})
    train, layers = tmp_path / "train.py", tmp_path / "layers.py"
    state = check_document(train.read_text(), str(train), own_trees=True)
    assert [f.code for f in state.report.findings] == ["LXF001"]
    _set_policy_on_disk(layers)
    at[0] += 1.0
    state = _keystroke(state, train, "y")
    assert [f.code for f in state.report.findings] == ["LXF001"]  # not told yet: the kept stamp stands
    WORKSPACE.changed(str(layers))
    state = _keystroke(state, train, "y")
    assert state.report.findings == []


def test_a_told_of_module_is_stat_again_once_its_stamp_is_older_than_the_bound(tmp_path, monkeypatch):
    """A client that stops telling (a watcher past its limit) costs no more than `KEEP_TOLD_STAMPS` seconds."""
    from errata_lsp.analysis.project import KEEP_TOLD_STAMPS

    at = [1000.0]
    _told_of_disk_changes(monkeypatch, tmp_path, at)
    tree(tmp_path, {"layers.py": LAYERS, "train.py": HEAD + "from layers import REMAT\n" + use("REMAT") + "# x"})
    train, layers = tmp_path / "train.py", tmp_path / "layers.py"
    state = check_document(train.read_text(), str(train), own_trees=True)
    _set_policy_on_disk(layers)
    at[0] += KEEP_TOLD_STAMPS + 0.5
    state = _keystroke(state, train, "y")
    assert state.report.findings == []


def test_a_module_outside_the_watched_folders_is_stat_each_check(tmp_path, monkeypatch):
    """The client watches its workspace folders only: a module the project reads from elsewhere is stat again
    by the next check, told of or not."""
    at = [1000.0]
    _told_of_disk_changes(monkeypatch, tmp_path / "elsewhere", at)
    tree(tmp_path, {"layers.py": LAYERS, "train.py": HEAD + "from layers import REMAT\n" + use("REMAT") + "# x"})
    train, layers = tmp_path / "train.py", tmp_path / "layers.py"
    state = check_document(train.read_text(), str(train), own_trees=True)
    _set_policy_on_disk(layers)
    state = _keystroke(state, train, "y")
    assert state.report.findings == []


def _keystroke(state, path: Path, typed: str):
    """`typed` inserted at the end of the document's last line, checked as the editor's keystroke is."""
    from errata_lsp.analysis.findings import Position, Span

    text = state.document.text
    lines = text.split("\n")
    at = Position(len(lines) - 1, len(lines[-1]))
    return check_document(text + typed, str(path), previous=state, changes=[(Span(at, at), typed)], own_trees=True)


def test_a_keystroke_reads_again_a_module_two_imports_away_once_it_changed(tmp_path):
    """What a name of an imported module holds is kept across keystrokes of the importing document, with
    that module's summary: a change two imports away (layers.py, read through config.py) is still seen."""
    tree(tmp_path, {"config.py": "from layers import REMAT\n", "layers.py": LAYERS,
                    "train.py": HEAD + "from config import REMAT\n" + use("REMAT") + "# x"})
    train, layers = tmp_path / "train.py", str(tmp_path / "layers.py")
    state = check_document(train.read_text(), str(train), own_trees=True)
    assert [(f.code, f.span.start.line) for f in state.report.findings] == [("LXF001", 3)]
    try:
        for typed, policy, codes in (("x", "{Block}", []), ("x", "[Block]", ["LXF001"]), ("x", "{Block}", [])):
            state = _keystroke(state, train, "y")  # the binding is read again from what was kept
            assert [f.code for f in state.report.findings] == ([] if policy == "[Block]" else ["LXF001"])
            WORKSPACE.set_buffer(layers, LAYERS.replace("REMAT = [Block]", f"REMAT = {policy}"))
            state = _keystroke(state, train, typed)
            assert [f.code for f in state.report.findings] == codes
    finally:
        WORKSPACE.set_buffer(layers, None)


def test_an_import_is_resolved_again_once_a_folder_it_listed_lists_another_module(tmp_path):
    """`find`'s answer is kept across checks while the folders it listed are unchanged: a module file added
    where it looked is found at the next check (round), and lost once removed."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "config.py").write_text(LAYERS)
    importer = str(tmp_path / "train.py")
    finder = ModuleFinder((str(tmp_path), str(tmp_path / "src")))
    assert finder.find("config", importer) == finder.find("config", importer)  # kept across rounds too
    finder.new_round()
    assert finder.find("config", importer).path == str(tmp_path / "src" / "config.py")
    (tmp_path / "config.py").write_text(LAYERS)
    os.utime(tmp_path, ns=(1, 1))  # the folder's listing changes even on a coarse clock
    finder.new_round()
    assert finder.find("config", importer).path == str(tmp_path / "config.py")  # the importer's folder first
    (tmp_path / "config.py").unlink()
    os.utime(tmp_path, ns=(2, 2))
    finder.new_round()
    assert finder.find("config", importer).path == str(tmp_path / "src" / "config.py")
    (tmp_path / "src" / "config.py").unlink()
    os.utime(tmp_path / "src", ns=(3, 3))
    finder.new_round()
    assert finder.find("config", importer) is None


def test_a_sibling_above_the_byte_bound_is_unknown_and_the_note_says_so(tmp_path):
    tree(tmp_path, {"config.py": LAYERS + "x = 1\n" * (MAX_MODULE_BYTES // 6), "train.py": HEAD
                    + "from config import REMAT\n" + use("REMAT")})
    assert os.path.getsize(tmp_path / "config.py") > MAX_MODULE_BYTES
    report = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py"))
    assert report.findings == []
    assert report.notes == [(2, "`config.py` is above the 2 MiB read of another module (or not a regular file): "
                                "what it holds is unknown")]


def test_a_module_above_the_byte_bound_is_unknown_and_read_no_further(tmp_path):
    big = LAYERS + "\n" + "x = 1\n" * 10
    tree(tmp_path, {"config.py": big, "train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    assert read_module(str(tmp_path / "config.py"), limit=len(big) - 1) is None
    assert read_module(str(tmp_path / "config.py"), limit=len(big)) == big


def test_a_fifo_named_like_a_module_is_never_opened(tmp_path):
    tree(tmp_path, {"train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    os.mkfifo(tmp_path / "config.py")
    assert found(tmp_path / "train.py") == []


def test_a_library_folder_in_the_project_is_still_the_library(tmp_path):
    tree(tmp_path, {"lightning/__init__.py": "", "lightning/fabric/__init__.py": "Fabric = None\n",
                    "train.py": HEAD + "from config import REMAT\n" + use("REMAT"), "config.py": LAYERS})
    assert found(tmp_path / "train.py") == remat_error(3, "`config.py`, line 8")


def test_nothing_in_another_module_runs(tmp_path):
    marker = tmp_path / "RAN"
    tree(tmp_path, {"config.py": f"open({str(marker)!r}, 'w').write('ran')\n" + LAYERS,
                    "train.py": HEAD + "import config\n" + use("config.REMAT")})
    assert [f[0] for f in found(tmp_path / "train.py")] == ["LXF001"]
    assert not marker.exists()


def test_check_of_a_folder_in_no_project_makes_it_one(tmp_path):
    """`check DIR`: a folder with no pyproject.toml, setup.py, setup.cfg or .git above it is the project
    of its files, so `app/train.py` reads `app.layers` from it as `python -m app.train` would."""
    import subprocess
    import sys

    folder = tmp_path / "work"
    for name, text in {"app/__init__.py": "", "app/layers.py": LAYERS,
                       "app/train.py": HEAD + "from app.layers import REMAT\n" + use("REMAT")}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    assert not any((p / m).exists() for p in folder.parents for m in ("pyproject.toml", "setup.py", "setup.cfg", ".git"))
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", str(folder)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    # reported where the list is written, the fix's place, naming the use that raises
    assert done.stdout.splitlines()[0] == (f"{folder / 'app' / 'layers.py'}:8:9: LXF001 `activation_checkpointing_policy`"
                                           " must be a set, found [Block] (from `REMAT`, `layers.py`, line 8)"
                                           " (used in work/app/train.py, line 4)")


def test_an_imported_module_does_not_run_its_main_block(tmp_path):
    guarded = LAYERS.replace("REMAT = [Block]", "REMAT = {Block}") + "\nif __name__ == '__main__':\n    REMAT = [Block]\n"
    tree(tmp_path, {"config.py": guarded, "train.py": HEAD + "from config import REMAT\n" + use("REMAT"),
                    "plain.py": guarded.replace("if __name__ == '__main__':\n    ", ""),
                    "train_plain.py": HEAD + "from plain import REMAT\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == []
    assert found(tmp_path / "train_plain.py") == remat_error(3, "`plain.py`, line 10")


def test_a_module_attribute_patched_by_another_module_that_is_imported(tmp_path):
    tree(tmp_path, {"layers.py": LAYERS.replace("REMAT = [Block]", "REMAT = {Block}"),
                    "overrides.py": "import layers\n\nlayers.REMAT = [layers.Block]\n",
                    "train.py": HEAD + "import layers\nimport overrides\n" + use("layers.REMAT"),
                    "plain.py": HEAD + "import layers\n" + use("layers.REMAT")})
    assert found(tmp_path / "train.py") == [
        ("LXF001", "`activation_checkpointing_policy` must be a set, found [layers.Block] (from `layers.REMAT`, "
                   "`overrides.py`, line 3)", 4, 86)]
    assert found(tmp_path / "plain.py") == []


def test_a_module_attribute_patched_by_setattr_or_an_update_of_its_namespace(tmp_path):
    """`setattr(layers, "REMAT", v)`, `layers.__dict__.update(d)` and `vars(layers).update(d)` at the top of an
    imported module store as `layers.REMAT = v` does: the dict's entry when it has the key."""
    fine = LAYERS.replace("REMAT = [Block]", "REMAT = {Block}")
    for name, (patch, line) in {
        "setattr": ('setattr(layers, "REMAT", [layers.Block])\n', 3),
        "dict": ('POD = {"REMAT": [layers.Block]}\nlayers.__dict__.update(POD)\n', 3),
        "vars": ('vars(layers).update({"REMAT": [layers.Block], "STEPS": 2})\n', 3),
        "loop": ('POD = {"REMAT": [layers.Block]}\nfor key, value in POD.items():\n    setattr(layers, key, value)\n', 3),
    }.items():
        (tmp_path / name).mkdir()
        tree(tmp_path / name, {"layers.py": fine, "overrides.py": "import layers\n\n" + patch,
                               "train.py": HEAD + "import layers\nimport overrides\n" + use("layers.REMAT")})
        assert found(tmp_path / name / "train.py") == [
            ("LXF001", "`activation_checkpointing_policy` must be a set, found [layers.Block] (from `layers.REMAT`, "
                       f"`overrides.py`, line {line})", 4, 86)], name
    for name, patch in {  # no such key, another name, a dict with keys the module cannot read
        "other_key": 'layers.__dict__.update({"STEPS": 2})\n',
        "other_attr": 'setattr(layers, "OTHER", [layers.Block])\n',
        "unread": 'vars(layers).update(load())\n',
        "loop_other_key": 'for key, value in {"STEPS": 2}.items():\n    setattr(layers, key, value)\n',
        "loop_unread": 'for key, value in load().items():\n    setattr(layers, key, value)\n',
        "loop_other_target": 'for key, value in {"REMAT": [layers.Block]}.items():\n    setattr(layers, value, key)\n',
    }.items():
        bad = LAYERS if name in ("unread", "loop_unread") else fine  # (an unread update leaves a list policy unknown too)
        (tmp_path / name).mkdir()
        tree(tmp_path / name, {"layers.py": bad, "overrides.py": "import layers\n\n" + patch,
                               "train.py": HEAD + "import layers\nimport overrides\n" + use("layers.REMAT")})
        assert found(tmp_path / name / "train.py") == [], name


PATCHING = """\
import layers

POD = {"REMAT": [layers.Block]}


def apply(overrides=POD):
    layers.__dict__.update(overrides)
    setattr(layers, "STEPS", 2)
"""


def _patched_run(root: Path, main: str) -> Path:
    """train.py's `run` reads `layers.REMAT`; `main` is its `__main__` block (overrides.apply() or not)."""
    root.mkdir()
    tree(root, {"layers.py": LAYERS.replace("REMAT = [Block]", "REMAT = {Block}"), "overrides.py": PATCHING,
                "train.py": HEAD + "import layers\nimport overrides\n\n\ndef run(fabric):\n"
                "    XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, activation_checkpointing_policy=layers.REMAT)\n"
                "\n\nif __name__ == '__main__':\n" + main})
    return root / "train.py"


def test_a_function_of_another_module_patching_a_module_attribute_called_before_the_reader_is_named(tmp_path):
    launch = "    Fabric(accelerator='tpu').launch(run)\n"
    train = _patched_run(tmp_path / "before", "    overrides.apply()\n" + launch)
    [finding] = check_source(train.read_text(), str(train)).findings
    assert (finding.code, finding.severity.value, Path(finding.elsewhere.path).name if finding.elsewhere else "") \
        == ("LXF001", "error", "overrides.py")
    assert "found [layers.Block]" in finding.message
    # with the set the call passes, called after the launch, or never called: the module's own set
    assert found(_patched_run(tmp_path / "passed", "    overrides.apply({'REMAT': {layers.Block}})\n" + launch)) == []
    assert found(_patched_run(tmp_path / "after", launch + "    overrides.apply()\n")) == []
    assert found(_patched_run(tmp_path / "never", launch)) == []
    assert found(_patched_run(tmp_path / "branch", "    if flag:\n        overrides.apply()\n" + launch)) == []


BUILDER = HEAD + """import layers


def build():
    return XLAFSDPStrategy(auto_wrap_policy={object}, activation_checkpointing_policy=layers.REMAT)
"""


def _caller_patches(root: Path, main: str, other: str | None = None) -> Path:
    """builder.py's `build` reads `layers.REMAT` (a set there); train.py's `__main__` block is `main`."""
    root.mkdir()
    files = {"layers.py": LAYERS.replace("REMAT = [Block]", "REMAT = {Block}"), "overrides.py": PATCHING,
             "pod.py": "import layers\n\nlayers.REMAT = [layers.Block]\n", "builder.py": BUILDER,
             "train.py": "import layers\nimport overrides\nfrom builder import build\n"
             "MODE = 'tpu'\n\n\nif __name__ == '__main__':\n" + main}
    if other is not None:
        files["eval.py"] = "from builder import build\n\n\nif __name__ == '__main__':\n" + other
    tree(root, files)
    return root / "builder.py"


@pytest.mark.parametrize(("main", "where"), [
    ("    layers.REMAT = [layers.Block]\n    build()\n", "train.py"),
    ("    if MODE == 'tpu':\n        layers.REMAT = [layers.Block]\n    strategy = build()\n", "train.py"),  # decided
    ("    layers.REMAT = {layers.Block}\n    layers.REMAT = [layers.Block]\n    build()\n", "train.py"),  # the last
    ("    overrides.apply()\n    build()\n", "overrides.py"),  # in a function of another module called first
    ("    import pod\n    build()\n", "pod.py"),  # at the top of a module imported first
])
def test_a_module_attribute_stored_by_every_caller_of_the_reader_before_the_call(tmp_path, main, where):
    builder = _caller_patches(tmp_path / "run", main)
    [finding] = check_source(builder.read_text(), str(builder)).findings
    assert (finding.code, finding.severity.value, Path(finding.elsewhere.path).name if finding.elsewhere else "") \
        == ("LXF001", "error", where)


@pytest.mark.parametrize(("main", "other"), [
    ("    build()\n    layers.REMAT = [layers.Block]\n", None),  # after the call
    ("    if flag:\n        layers.REMAT = [layers.Block]\n    build()\n", None),  # a test left undecided
    ("    if MODE == 'gpu':\n        layers.REMAT = [layers.Block]\n    build()\n", None),  # the branch not taken
    ("    layers.REMAT = [layers.Block]\n    build()\n", "    build()\n"),  # another caller stores nothing
    ("    overrides.apply({'REMAT': {layers.Block}})\n    build()\n", None),
    ("    build()\n    import pod\n", None),
    ("    layers.REMAT = [layers.Block]\n    for _ in range(2):\n        layers.REMAT = {layers.Block}\n"
     "        build()\n", None),  # a store in the call's own block
    ("    layers.REMAT = [layers.Block]\n\n    def main():\n        build()\n    main()\n", None),  # in a def
])
def test_a_module_attribute_not_stored_before_every_call_of_the_reader_is_the_module_s(tmp_path, main, other):
    assert found(_caller_patches(tmp_path / "run", main, other)) == []


def test_a_module_imports_from_the_entry_folder_as_python_train_py_runs_it(tmp_path):
    """`python train.py` puts train.py's folder first on sys.path for every module: `experiments/run.py`
    importing `defaults` gets the `defaults.py` next to train.py (the project folder is another one)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "job").mkdir()
    tree(tmp_path / "job", {"defaults.py": LAYERS.replace("REMAT = [Block]", "REMAT = {Block}"),
                            "experiments/__init__.py": "", "experiments/run.py": "import defaults\n\n"
                            "defaults.REMAT = [defaults.Block]\n",
                            "train.py": HEAD + "import defaults\nimport experiments.run\n" + use("defaults.REMAT")})
    (tmp_path / "job" / "pyproject.toml").unlink()
    assert found(tmp_path / "job" / "train.py") == [
        ("LXF001", "`activation_checkpointing_policy` must be a set, found [defaults.Block] (from `defaults.REMAT`, "
                   "`run.py`, line 3)", 4, 86)]


def test_a_process_keeps_a_bounded_number_of_projects(tmp_path):
    workspace = Workspace()
    for i in range(MAX_PROJECTS + 1):
        (tmp_path / f"p{i}").mkdir()
        tree(tmp_path / f"p{i}", {"train.py": ""})
    first = workspace.project_for(str(tmp_path / "p0" / "train.py"))
    again = workspace.project_for(str(tmp_path / "p0" / "train.py"))
    assert first is again and first is not None and first.root == str(tmp_path / "p0")
    for i in range(1, MAX_PROJECTS + 1):
        workspace.project_for(str(tmp_path / f"p{i}" / "train.py"))
    assert workspace.project_for(str(tmp_path / "p0" / "train.py")) is not first  # it was let go, then made again
    assert workspace.project_for(str(tmp_path / f"p{MAX_PROJECTS}" / "train.py")).root == str(tmp_path / f"p{MAX_PROJECTS}")


# the oracle's shapes for a wrap policy another module makes (each file as it was run; common/ holds policies.py)
POLICY_TRAIN = """\
import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from common.policies import {name}


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return self.fc(x)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block()))
    model(torch.randn(4, 8, device=fabric.device))


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={policy})).launch(train)
"""
CLOSURE_POLICY = """\
def min_params_policy(min_num_params):
    def policy(module, recurse, unwrapped_params, **kwargs):
        return recurse or unwrapped_params >= min_num_params

    return policy
"""
METHOD_CLOSURE_POLICY = """\
class Policies:
    def by_size(self, min_num_params):
        def policy(module, recurse, unwrapped_params, **kwargs):
            return recurse or unwrapped_params >= min_num_params

        return policy
"""
PARTIAL_POLICY = """\
import functools


def _policy(module, recurse, unwrapped_params, min_num_params, **kwargs):
    return recurse or unwrapped_params >= min_num_params


def min_params_policy(min_num_params):
    return functools.partial(_policy, min_num_params=min_num_params)
"""
WRAPPED_POLICY = """\
import functools


def traced(policy):
    @functools.wraps(policy)
    def wrapper(module, recurse, unwrapped_params, **kwargs):
        return policy(module, recurse, unwrapped_params, **kwargs)

    return wrapper


@traced
def block_policy(module, recurse, unwrapped_params, **kwargs):
    return recurse or unwrapped_params >= 10
"""


def local_object(name: str, written: str, line: int, local: str, outer: str) -> str:
    return (f"`auto_wrap_policy` holds `{name}`, a function defined inside `{outer}` (`{written}`, `policies.py`, "
            f"line {line}), which cannot be pickled: `fabric.launch` pickles the strategy to send it to the spawned "
            f"processes, so it fails with AttributeError: Can't pickle local object '{local}' before your function "
            "runs. Define it at module level (pass what it reads through `functools.partial`)")


def test_a_closure_a_helper_of_another_module_returns_is_found_at_the_strategy_and_placed_at_its_def(tmp_path):
    # labelled: AttributeError: Can't pickle local object 'min_params_policy.<locals>.policy' (p186 too)
    train = POLICY_TRAIN.format(name="min_params_policy", policy="min_params_policy(10)")
    tree(tmp_path, {"common/policies.py": CLOSURE_POLICY, "train.py": train})
    findings = check_source(train, str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line, f.span.start.column, f.span.end.column,
             f.record_id, f.fixes) for f in findings] == [(
        "LXF006", "error",
        local_object("policy", "min_params_policy(10)", 2, "min_params_policy.<locals>.policy", "min_params_policy"),
        22, 72, 93, "c2ad4bc301a93cce", ())]
    place = findings[0].elsewhere
    assert place is not None and place.path == str(tmp_path / "common" / "policies.py")
    assert (place.span.start.line, place.span.start.column, place.span.end.column) == (1, 8, 14)  # `policy`


def test_a_closure_a_method_of_another_module_returns_is_named_by_its_qualified_name(tmp_path):
    # labelled: AttributeError: Can't pickle local object 'Policies.by_size.<locals>.policy'
    train = POLICY_TRAIN.format(name="Policies", policy="Policies().by_size(10)")
    tree(tmp_path, {"common/policies.py": METHOD_CLOSURE_POLICY, "train.py": train})
    assert found(tmp_path / "train.py") == [(
        "LXF006", local_object("policy", "Policies().by_size(10)", 3, "Policies.by_size.<locals>.policy", "by_size"),
        22, 72)]


def test_a_partial_of_a_module_level_policy_or_a_wrapped_def_another_module_makes_is_fine(tmp_path):
    # labelled OK: a partial pickles its module-level function by name; `functools.wraps` gives the wrapper the
    # qualified name `block_policy`, which the module binds to that wrapper
    train = POLICY_TRAIN.format(name="min_params_policy", policy="min_params_policy(10)")
    tree(tmp_path, {"common/policies.py": PARTIAL_POLICY, "train.py": train})
    assert found(tmp_path / "train.py") == []
    (tmp_path / "common" / "policies.py").write_text(WRAPPED_POLICY)
    (tmp_path / "train.py").write_text(POLICY_TRAIN.format(name="block_policy", policy="block_policy"))
    assert found(tmp_path / "train.py") == []


def test_a_precision_written_in_another_module_is_found_at_its_use_and_placed_where_it_is_written(tmp_path):
    """`import configs.run as rc` then `precision=rc.PRECISION`: LXF007 on the Fabric here, placed in run.py
    (no fix: the edit would be another file's)."""
    tree(tmp_path, {"configs/__init__.py": "", "configs/run.py": "ACCELERATOR = 'tpu'\nPRECISION = '16-mixed'\n",
                    "train.py": HEAD + "import configs.run as rc\n"
                    "fabric = Fabric(accelerator=rc.ACCELERATOR, precision=rc.PRECISION, strategy=XLAFSDPStrategy())\n"})
    findings = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line, f.span.start.column, f.fixes) for f in findings] == [
        ("LXF007", "error", "`precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', "
         "'16-true', 'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes "
         "`XLAPrecision(...)` (from `PRECISION`, `run.py`, line 2)", 3, 54, ())]
    place = findings[0].elsewhere
    assert place is not None and place.path == str(tmp_path / "configs" / "run.py") and place.span.start.line == 1


def test_a_lambda_another_module_writes_is_found_at_the_strategy_and_placed_where_it_is_written(tmp_path):
    policies = "def is_block(m, recurse, **kwargs):\n    return recurse\n\n\nblock_policy = lambda m, recurse, **kw: recurse\n"
    tree(tmp_path, {"common/policies.py": policies,  # `common` is a namespace package: no __init__.py
                    "train.py": HEAD + "from common.policies import block_policy, is_block\n"
                    "strategy = XLAFSDPStrategy(auto_wrap_policy=block_policy)\n"})
    findings = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line, f.span.start.column, f.fixes) for f in findings] == [
        ("LXF006", "error", "`auto_wrap_policy` is a lambda (`block_policy`, `policies.py`, line 5), which cannot be "
         "pickled: `fabric.launch` pickles the strategy to send it to the spawned processes, so it fails with "
         "PicklingError before your function runs. Use a function defined at module level (or a `functools.partial` "
         "of one)", 3, 44, ())]
    place = findings[0].elsewhere
    assert place is not None and place.path == str(tmp_path / "common" / "policies.py")
    assert (place.span.start.line, place.span.start.column) == (4, 15)
    (tmp_path / "train.py").write_text((tmp_path / "train.py").read_text().replace("=block_policy)", "=is_block)"))
    assert found(tmp_path / "train.py") == []


# a helper of another module returning a mapping one of its parameters picks or fills, `**`-spread into a call
# here: its entries are read for this call's argument (or the parameter's default)
SETTINGS = ("BASE = {'accelerator': 'tpu', 'devices': 'auto'}\n"
            "PROFILES = {'pod': {}, 'smoke': {'accelerator': 'cpu'}}\n\n\n"
            "def fabric_kwargs(profile='smoke'):\n    return dict(BASE, **PROFILES[profile])\n\n\n"
            "def merged(profile='pod'):\n    return {**BASE, **PROFILES[profile]}\n\n\n"
            "def with_accelerator(accelerator='cpu'):\n    return dict(BASE, accelerator=accelerator)\n")
SPREAD = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
          "import settings\n\n"
          "fabric = Fabric(strategy=XLAFSDPStrategy(), **settings.{call})\n")


def spread(tmp_path: Path, call: str) -> list[tuple[str, str, str, int]]:
    root = tree(tmp_path, {"settings.py": SETTINGS, "train.py": SPREAD.format(call=call)})
    out = []
    for f in check_source((root / "train.py").read_text(), str(root / "train.py")).findings:
        path, span = (f.elsewhere.path, f.elsewhere.span) if f.elsewhere is not None else ("train.py", f.span)
        out.append((f.code, f.severity.value, Path(path).name, span.start.line + 1))
    return out


@pytest.mark.parametrize(("call", "where"), [("fabric_kwargs()", ("settings.py", 2)),
                                             ("fabric_kwargs('smoke')", ("settings.py", 2)),
                                             ("merged('smoke')", ("settings.py", 2)),
                                             ("with_accelerator()", ("settings.py", 13)),  # the default
                                             ("with_accelerator('cpu')", ("train.py", 5))])  # the argument
def test_a_mapping_a_helper_s_parameter_picks_is_read_for_the_call(tmp_path, call, where):
    assert spread(tmp_path, call) == [("LXF010", "error", *where)]


@pytest.mark.parametrize("call", ["fabric_kwargs('pod')", "merged()", "with_accelerator('tpu')"])
def test_a_mapping_a_helper_s_parameter_picks_for_the_tpu_is_fine(tmp_path, call):
    assert spread(tmp_path, call) == []



# a dataclass whose `__post_init__` normalises a field through another module's alias table, spread into Fabric
# through a property: the property's `self` is the instance built here, its field as `__post_init__` leaves it
ALIASED_SETTINGS = {
    "settings/__init__.py": "",
    "settings/precision.py": "ALIASES = {'fp32': '32-true', 'bf16': 'bf16-mixed'}\n\n\n"
                             "def normalize(name):\n    name = str(name).lower()\n    return ALIASES.get(name, name)\n",
    "settings/run.py": "from dataclasses import dataclass\n\nfrom settings.precision import normalize\n\n\n"
                       "@dataclass\nclass RunSettings:\n    precision: str = 'bf16'\n    accelerator: str = 'tpu'\n\n"
                       "    def __post_init__(self):\n        self.precision = normalize(self.precision)\n\n"
                       "    @property\n    def fabric_kwargs(self):\n"
                       "        return {'accelerator': self.accelerator, 'precision': self.precision}\n",
    "train.py": HEAD + "from settings.run import RunSettings\n\n"
                "fabric = Fabric(strategy=XLAFSDPStrategy(), **RunSettings().fabric_kwargs)\n",
}


def test_a_property_spreading_a_field_post_init_normalises_is_flagged_at_the_alias_it_resolves_to(tmp_path):
    # labelled (p248): ValueError: `precision='bf16-mixed')` is not supported in XLA
    root = tree(tmp_path, ALIASED_SETTINGS)
    findings = check_source((root / "train.py").read_text(), str(root / "train.py")).findings
    assert [(f.code, f.severity.value, f.message, f.span.start.line) for f in findings] == [
        ("LXF007", "error", "`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', "
         "'16-true', 'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes "
         "`XLAPrecision(...)` (from `RunSettings.precision`, `precision.py`, line 1)", 4)]
    place = findings[0].elsewhere
    assert place is not None and place.path == str(root / "settings" / "precision.py")
    assert (place.span.start.line, place.span.start.column) == (0, 38)  # `'bf16-mixed'`, the entry to fix
    # labelled OK (p249): the alias the table gives is an XLA precision; a default the table lacks is itself
    (root / "settings" / "precision.py").write_text(ALIASED_SETTINGS["settings/precision.py"].replace(
        "'bf16-mixed'", "'bf16-true'"))
    assert found(root / "train.py") == []
    (root / "settings" / "run.py").write_text(ALIASED_SETTINGS["settings/run.py"].replace("= 'bf16'", "= '32-TRUE'"))
    assert found(root / "train.py") == []

# --- a package's lazy exports (PEP 562 `__getattr__`) --------------------------------------------------------
LAZY_GETATTR = '''\
import importlib

def __getattr__(name):
    if name in _EXPORTS:
        module = importlib.import_module({spec}, __name__)
        return getattr(module, name)
    raise AttributeError(name)
'''

LAZY_PACKAGES = {
    "name-to-relative-module": '_EXPORTS = {"REMAT": ".layers", "Block": ".layers"}\n'
                               + LAZY_GETATTR.format(spec="_EXPORTS[name]"),
    # a `dict(...)` of constants: the flow reads `import_module(".layers", __name__)` of the package's `__init__`
    "dict-call-name-to-relative-module": '_EXPORTS = dict(REMAT=".layers")\n' + LAZY_GETATTR.format(spec="_EXPORTS[name]"),
    "get-name-to-relative-module": '_EXPORTS = {"REMAT": ".layers"}\n' + LAZY_GETATTR.format(spec="_EXPORTS.get(name)"),
    "name-to-absolute-module": '_EXPORTS = {"REMAT": "pkg.layers"}\n' + LAZY_GETATTR.format(spec="_EXPORTS[name]"),
    "dot-plus-module": '_EXPORTS = {"REMAT": "layers"}\n' + LAZY_GETATTR.format(spec='"." + _EXPORTS[name]'),
    "f-string-module": '_EXPORTS = {"REMAT": "layers"}\n' + LAZY_GETATTR.format(spec='f".{_EXPORTS[name]}"'),
    "module-to-names": '''\
import importlib

_import_structure = {"layers": ["Block", "REMAT"], "other": ["Thing"]}
__all__ = [n for names in _import_structure.values() for n in names]


def __getattr__(name):
    for module, names in _import_structure.items():
        if name in names:
            return getattr(importlib.import_module("." + module, __name__), name)
    raise AttributeError(name)
''',
    "if-chain": '''\
def __getattr__(name):
    if name in {"Block", "REMAT"}:
        from .layers import REMAT
        return REMAT
    raise AttributeError(name)
''',
    "type-checking-with-module-swap": '''\
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .layers import Block, REMAT
else:
    import sys
    from ._lazy import LazyModule
    sys.modules[__name__] = LazyModule(__name__, {"layers": ["Block", "REMAT"]})
''',
}


@pytest.mark.parametrize("package", sorted(LAZY_PACKAGES))
@pytest.mark.parametrize("importing, policy", [("from pkg import REMAT\n", "REMAT"), ("import pkg\n", "pkg.REMAT")])
def test_a_name_a_package_exports_lazily_is_read_from_its_module(tmp_path, package, importing, policy):
    tree(tmp_path, {"pkg/__init__.py": LAZY_PACKAGES[package], "pkg/layers.py": LAYERS,
                    "train.py": HEAD + importing + use(policy)})
    assert found(tmp_path / "train.py") == remat_error(3, "`layers.py`, line 8")


@pytest.mark.parametrize("package", [
    # no hook: the TYPE_CHECKING import alone does not bind the name at run time
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .layers import REMAT\n",
    # a name the literal mapping does not hold: unknown
    '_EXPORTS = {"Block": ".layers"}\n' + LAZY_GETATTR.format(spec="_EXPORTS[name]"),
    # a relative module name without the package it is relative to: import_module raises
    '_EXPORTS = {"REMAT": ".layers"}\n' + LAZY_GETATTR.format(spec="_EXPORTS[name]").replace(", __name__", ""),
])
def test_a_lazy_export_the_text_does_not_spell_is_unknown(tmp_path, package):
    tree(tmp_path, {"pkg/__init__.py": package, "pkg/layers.py": LAYERS,
                    "train.py": HEAD + "from pkg import REMAT\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == []


RENAMED_MODULE = LAYERS + '''
_RENAMED = {{"OLD_REMAT": "REMAT"}}


def __getattr__(name):
    if name in _RENAMED:
        return globals()[_RENAMED[name]]
    raise AttributeError(f"module {{__name__!r}} has no attribute {{name!r}}")
'''


@pytest.mark.parametrize("importing, policy", [("import layers\n", "layers.OLD_REMAT"),
                                                ("from layers import OLD_REMAT\n", "OLD_REMAT")])
def test_a_name_a_module_serves_through_its_getattr_is_what_the_function_returns_for_it(tmp_path, importing, policy):
    tree(tmp_path, {"layers.py": RENAMED_MODULE.format(), "train.py": HEAD + importing + use(policy)})
    assert found(tmp_path / "train.py") == remat_error(3, "`layers.py`, line 8")


@pytest.mark.parametrize("module", [
    RENAMED_MODULE.format().replace("REMAT = [Block]", "REMAT = {Block}"),  # the global it names is a set
    RENAMED_MODULE.format().replace('"OLD_REMAT"', '"OTHER"'),  # a name the table does not hold: AttributeError
    # a table the module fills at run time: its keys are not known
    RENAMED_MODULE.format().replace("_RENAMED = {", "_RENAMED = load_renames() or {"),
])
def test_a_name_served_by_getattr_as_a_set_or_not_served_is_not_flagged(tmp_path, module):
    tree(tmp_path, {"layers.py": module, "train.py": HEAD + "import layers\n" + use("layers.OLD_REMAT")})
    assert found(tmp_path / "train.py") == []


LAZY_FABRIC_PACKAGE = {
    "pkg/__init__.py": '_EXPORTS = {"build": ".fabric_utils"}\n' + LAZY_GETATTR.format(spec="_EXPORTS[name]"),
    "pkg/fabric_utils.py": HEAD + '''

def precision_from(args):
    if args.bf16:
        return "bf16-mixed"
    return "32-true"


def build(args):
    strategy = XLAFSDPStrategy(auto_wrap_policy={object})
    return Fabric(accelerator="tpu", strategy=strategy, precision=precision_from(args))
''',
    "pkg/arguments.py": "from dataclasses import dataclass\n\n\n@dataclass\nclass Args:\n    bf16: bool = {bf16}\n",
}


@pytest.mark.parametrize("bf16", [True, False])
@pytest.mark.parametrize("calling", [
    "import pkg\nfrom pkg.arguments import Args\n\nfabric = pkg.build(Args())\n",
    "from pkg import build\nfrom pkg.arguments import Args\n\nfabric = build(Args())\n",
])
def test_a_lazily_exported_function_is_read_for_its_callers_arguments(tmp_path, bf16, calling):
    files = dict(LAZY_FABRIC_PACKAGE, **{"train.py": calling})
    files["pkg/arguments.py"] = files["pkg/arguments.py"].format(bf16=bf16)
    tree(tmp_path, files)
    helper = [(f.code, f.severity.value, f.span.start.line, f.span.start.column)
              for f in check_source((tmp_path / "pkg/fabric_utils.py").read_text(),
                                    str(tmp_path / "pkg/fabric_utils.py")).findings]
    caller = [(f.code, f.severity.value, f.span.start.line) for f in check_source(
        (tmp_path / "train.py").read_text(), str(tmp_path / "train.py")).findings]
    line = calling.count("\n") - 1
    assert helper == ([("LXF007", "error", 12, 66)] if bf16 else [])  # `precision=` of `build`
    assert caller == ([("LXF007", "error", line)] if bf16 else [])


def _changed_on_disk(path: Path, text: str | None) -> None:
    """A module file written (None: deleted), its folder's listing changed even on a coarse clock, and
    the file watcher's notification (`workspace/didChangeWatchedFiles`) passed to the project model."""
    if text is None:
        path.unlink()
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    folder = path.parent
    os.utime(folder, ns=(os.stat(folder).st_mtime_ns + 10**9,) * 2)
    WORKSPACE.changed(str(path))


@pytest.mark.parametrize("case", ["added", "imported-by-an-imported-module", "shadowing", "package-init"])
def test_a_module_added_where_an_import_looked_checks_the_unchanged_document_again(tmp_path, case):
    """An import that found no module (or another one further down the search path) ties the document to
    where the module would appear: once it does, the next check of the same text reads it, and once it is
    deleted again, the finding goes."""
    train = tmp_path / "train.py"
    files = {"train.py": HEAD + "from config import REMAT\n" + use("REMAT")}
    added, where = tmp_path / "config.py", "`config.py`, line 8"
    if case == "imported-by-an-imported-module":
        files["config.py"] = "from layers import REMAT\n"
        added, where = tmp_path / "layers.py", "`layers.py`, line 8"
    elif case == "shadowing":
        files["src/config.py"] = LAYERS.replace("REMAT = [Block]", "REMAT = {Block}")
    elif case == "package-init":
        files["train.py"] = HEAD + "from pkg import REMAT\n" + use("REMAT")
        files["pkg/layers.py"] = LAYERS
        added, where = tmp_path / "pkg" / "__init__.py", "`layers.py`, line 8"
    tree(tmp_path, files)
    first = check_document(train.read_text(), str(train), own_trees=True)
    assert first.report.findings == []
    _changed_on_disk(added, "from .layers import REMAT\n" if case == "package-init" else LAYERS)
    again = check_document(train.read_text(), str(train), previous=first, own_trees=True)
    assert [(f.code, f.message, f.span.start.line, f.span.start.column) for f in again.report.findings] == \
        remat_error(3, where) and not again.reused
    _changed_on_disk(added, None)
    gone = check_document(train.read_text(), str(train), previous=again, own_trees=True)
    assert gone.report.findings == [] and not gone.reused
    kept = check_document(train.read_text(), str(train), previous=gone, own_trees=True)
    assert kept.report.findings == [] and kept.reused  # nothing changed since: the findings are kept


LAUNCHER = '''\
from lightning.fabric import Fabric

_FABRIC = None


def get_fabric():
    global _FABRIC
    if _FABRIC is None:
        _FABRIC = Fabric(strategy="xla_fsdp")
    return _FABRIC
'''

LOCAL_IMPORT_MAIN = '''\
from launcher import get_fabric


def main(argv):
    if argv:
        return
    {imported}
    get_fabric().launch({target})
'''


@pytest.mark.parametrize(("imported", "target"), [("import train", "train.run"), ("from train import run", "run"),
                                                  ("import train as worker", "worker.run")])
@pytest.mark.parametrize("takes_fabric", [False, True])
def test_a_module_imported_inside_the_function_that_launches_its_worker(tmp_path, imported, target, takes_fabric):
    """`import train` in the body of `main` binds `train` in that scope as a module-level import does, even
    when the walk of `main` is under way as its test `if argv:` is decided: what was read of `train` then
    (before the walk reached the import) is not kept as its value."""
    tree(tmp_path, {"train.py": f"def run({'fabric' if takes_fabric else ''}):\n    pass\n", "launcher.py": LAUNCHER,
                    "main.py": LOCAL_IMPORT_MAIN.format(imported=imported, target=target)})
    findings = check_source((tmp_path / "main.py").read_text(), str(tmp_path / "main.py")).findings
    if takes_fabric:
        assert findings == []
        return
    assert [(f.code, f.span.start.line, f.span.start.column, f.span.end.column) for f in findings] == \
        [("LXF018", 7, 24, 24 + len(target))]
    # (a function of no parameter: Fabric's own check of its signature raises before Python would)
    assert f"`Fabric.launch(function={target})` needs to take at least one argument: the launcher passes the Fabric " \
        "object to `run` (`train.py`, line 1), so Fabric raises TypeError. Define `def run(fabric):`" == findings[0].message
    elsewhere = findings[0].elsewhere
    assert elsewhere is not None and Path(elsewhere.path).name == "train.py" \
        and (elsewhere.span.start.line, elsewhere.span.start.column) == (0, 0)


LOCAL_LIBRARY_IMPORTS = '''\
from torch import nn


class Block(nn.Module):
    pass


def main(argv):
    if argv:
        return
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    fabric = Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={policy}))
'''


@pytest.mark.parametrize("policy", ["[Block]", "{Block}"])
def test_library_names_imported_inside_a_function_are_the_library_s(tmp_path, policy):
    """`from lightning.fabric.strategies import XLAFSDPStrategy` in a function's body names the library class
    there as it does at the top of the file."""
    tree(tmp_path, {"main.py": LOCAL_LIBRARY_IMPORTS.format(policy=policy)})
    findings = check_source((tmp_path / "main.py").read_text(), str(tmp_path / "main.py")).findings
    expected = [("LXF028", 12, 62)] if policy == "[Block]" else []
    assert [(f.code, f.span.start.line, f.span.start.column) for f in findings] == expected


EXPERIMENTS_BY_MODULE = {
    "configs/tiny.py": 'NAME = "tiny"\nPOLICY = {object}\n',
    "configs/pod.py": 'NAME = "pod"\nPOLICY = [object]\n',
    "train.py": "from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n\n"
                "from configs import EXPERIMENTS\n\n"
                'strategy = XLAFSDPStrategy(auto_wrap_policy={object}, activation_checkpointing_policy=EXPERIMENTS[{key}])\n'
                "fabric = Fabric(strategy=strategy)\n",
}


@pytest.mark.parametrize("collected", [
    "{m.NAME: m.POLICY for m in (tiny, pod)}",  # a comprehension over a tuple of modules, entry by entry
    "{m.NAME: m.POLICY for m in MODULES}",  # over a name holding that tuple
    "{tiny.NAME: tiny.POLICY, pod.NAME: pod.POLICY}",  # spelled out: a module's constant is a constant key
])
def test_a_dict_keyed_by_each_config_module_s_name_holds_that_module_s_value(tmp_path, collected):
    files = dict(EXPERIMENTS_BY_MODULE)
    files["configs/__init__.py"] = f"from configs import pod, tiny\n\nMODULES = (tiny, pod)\nEXPERIMENTS = {collected}\n"
    (tmp_path / "bug").mkdir()
    (tmp_path / "twin").mkdir()
    root = tree(tmp_path / "bug", {name: text.replace("{key}", '"pod"') for name, text in files.items()})
    pod = root / "configs" / "pod.py"
    (finding,) = check_source((root / "train.py").read_text(), str(root / "train.py")).findings
    # found where `EXPERIMENTS["pod"]` is passed, placed at the list written in configs/pod.py
    assert (finding.code, finding.severity.value, finding.span.start.line, finding.span.start.column) == (
        "LXF001", "error", 5, 86)
    assert finding.elsewhere is not None and finding.elsewhere.path == str(pod)
    assert (finding.elsewhere.span.start.line, finding.elsewhere.span.start.column) == (1, 9)
    # the twin: the key of the module whose value is a set
    twin = tree(tmp_path / "twin", {name: text.replace("{key}", '"tiny"') for name, text in files.items()})
    assert found(twin / "train.py") == []


FROM_DICT = LAYERS + '''

class Config:
    def __init__(self, name, remat):
        self.name = name
        self.remat = remat

    @classmethod
    def from_dict(cls, raw):
        raw = dict(raw)
        return cls(name=raw.pop("name", "run"), remat=raw.pop("remat"))
'''


@pytest.mark.parametrize(("remat", "expected"), [
    ("[Block]", remat_error(4, "line 4", label="remat")),
    ("{Block}", []),
])
def test_a_classmethod_of_a_class_of_another_module_builds_the_instance_from_this_call(tmp_path, remat, expected):
    # `Config.from_dict({...})`: `cls(...)` in config.py, built from the dict this call passes
    train = HEAD + f"from config import Block, Config\ncfg = Config.from_dict({{'remat': {remat}}})\n" + use("cfg.remat")
    tree(tmp_path, {"config.py": FROM_DICT, "train.py": train})
    assert found(tmp_path / "train.py") == expected


CONTEXT_CONFIG = LAYERS + '''
import contextvars


class Config:
    remat = [Block]


CFG = contextvars.ContextVar("cfg", default=Config())


def current():
    return CFG.get()
'''


UNSET_WARNING = [("LXF001", "`activation_checkpointing_policy` must be a set, found [Block] (from `Config.remat`, "
                  "`config.py`, line 14); when `CFG` is not set", 4, 86)]


@pytest.mark.parametrize(("extra", "expected"), [
    ("", remat_error(4, "`config.py`, line 14", label="Config.remat")),
    ("CFG.set(Config())\n", remat_error(4, "`config.py`, line 14", label="Config.remat")),  # set to the same
    ("CFG.set(load())\n", UNSET_WARNING),  # set to what the layer cannot read: the default on some paths only
])
def test_a_config_held_in_a_context_variable_is_its_default_joined_with_what_is_set(tmp_path, extra, expected):
    config = CONTEXT_CONFIG + "\n\ndef load():\n    return input()\n\n\n" + extra
    tree(tmp_path, {"config.py": config, "train.py": HEAD + "from config import current\ncfg = current()\n"
                    + use("cfg.remat")})
    assert found(tmp_path / "train.py") == expected


def test_a_context_variable_set_in_another_module_is_read_there(tmp_path):
    train = HEAD + "from config import CFG, current\nCFG.set(input())\ncfg = current()\n" + use("cfg.remat")
    tree(tmp_path, {"config.py": CONTEXT_CONFIG, "train.py": train})
    assert [(f.severity.name, f.span.start.line) for f in check_source(train, str(tmp_path / "train.py")).findings] \
        == [("WARNING", 5)]
    assert found(tmp_path / "train.py") == [(code, message, 5, column) for code, message, _, column in UNSET_WARNING]
    fixed = HEAD + "from config import CFG, Config, current\nCFG.set(Config())\ncfg = current()\n" + use("cfg.remat")
    tree(tmp_path, {"train.py": fixed})
    assert found(tmp_path / "train.py") == remat_error(5, "`config.py`, line 14", label="Config.remat")
