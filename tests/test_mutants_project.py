"""The project model at its edges: `__all__` grown with `.extend`, a name a `from` import does not
bring, an open buffer above the byte bound, what `Workspace.set_buffer` says changed, and a folder's
listing and a module read again once they change."""

from __future__ import annotations

import os

import pytest

from errata_lsp.analysis.project import MAX_MODULE_BYTES, WORKSPACE, Workspace

from .test_project import HEAD, LAYERS, found, remat_error, tree, use


@pytest.mark.parametrize(("exports", "expected"), [
    ("__all__ = ['Block']\n__all__.extend(['REMAT'])\n", remat_error(3, "`layers.py`, line 8", "REMAT")),
    ("__all__ = ['Block']\n__all__.extend(['OTHER'])\n", []),  # REMAT is not exported: unknown
    ("__all__ = ['Block']\nnames.extend(['REMAT'])\n", []),  # another list's extend says nothing of `__all__`
    ("__all__ = ['Block']\n__all__.extend(['REMAT'], more)\n", []),  # not a call Python accepts: not read
])
def test_all_grown_by_extend_is_what_a_star_import_brings(tmp_path, exports, expected):
    tree(tmp_path, {"layers.py": LAYERS + exports, "train.py": HEAD + "from layers import *\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == expected


def test_a_name_a_from_import_does_not_bring_is_not_read_from_that_module(tmp_path):
    # `REMAT` is not imported: Python raises NameError there, the module's list is not its value
    tree(tmp_path, {"layers.py": LAYERS, "train.py": HEAD + "from layers import Block\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == []


def test_an_open_buffer_above_the_byte_bound_is_unknown_and_the_note_says_so(tmp_path):
    from errata_lsp.analysis import check_source

    tree(tmp_path, {"config.py": LAYERS.replace("REMAT = [Block]", "REMAT = {Block}"),
                    "train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    config, train = str(tmp_path / "config.py"), tmp_path / "train.py"
    big = LAYERS + "x = 1\n" * (MAX_MODULE_BYTES // 6 + 1)
    assert len(big) > MAX_MODULE_BYTES
    try:
        WORKSPACE.set_buffer(config, big)
        report = check_source(train.read_text(), str(train))
        assert report.failures == []
        assert report.findings == []  # neither the buffer's list nor the file's set
        assert report.notes == [(2, "`config.py` is above the 2 MiB read of another module (or not a regular "
                                    "file): what it holds is unknown")]
    finally:
        WORKSPACE.set_buffer(config, None)


def test_set_buffer_says_whether_the_module_s_text_changed(tmp_path):
    workspace, path = Workspace(), str(tmp_path / "config.py")
    assert workspace.set_buffer(path, None) is False  # closing what was never open
    assert workspace.set_buffer(path, "a = 1\n") is True
    assert workspace.set_buffer(path, "a = 1\n") is False  # the same text again
    assert workspace.set_buffer(path, "a = 2\n") is True
    assert workspace.set_buffer(path, None) is True  # closed: the file on disk again
    assert workspace.set_buffer(path, None) is False
    assert workspace.buffers == {}


def test_a_module_added_to_a_folder_after_a_check_is_found_by_the_next(tmp_path):
    tree(tmp_path, {"train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == []  # no config.py yet: unknown
    (tmp_path / "config.py").write_text(LAYERS)
    os.utime(tmp_path, ns=(1, 1))  # the folder's listing is another one, even on a coarse clock
    assert found(tmp_path / "train.py") == remat_error(3, "`config.py`, line 8")
    (tmp_path / "config.py").unlink()
    os.utime(tmp_path, ns=(2, 2))
    assert found(tmp_path / "train.py") == []


def test_a_module_rewritten_with_a_later_time_is_read_again(tmp_path):
    tree(tmp_path, {"config.py": LAYERS, "train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    config = tmp_path / "config.py"
    os.utime(config, ns=(10**18, 10**18))
    assert found(tmp_path / "train.py") == remat_error(3, "`config.py`, line 8")
    config.write_text(LAYERS.replace("REMAT = [Block]", "REMAT = {Block}"))
    os.utime(config, ns=(2 * 10**18, 2 * 10**18))  # later, as an editor's save is
    assert found(tmp_path / "train.py") == []


def test_a_process_keeps_exactly_max_projects_the_least_recently_used_let_go_first(tmp_path):
    from errata_lsp.analysis.project import MAX_PROJECTS

    workspace = Workspace()
    paths = []
    for i in range(MAX_PROJECTS + 1):
        (tmp_path / f"p{i}").mkdir()
        tree(tmp_path / f"p{i}", {"train.py": ""})
        paths.append(str(tmp_path / f"p{i}" / "train.py"))
    made = [workspace.project_for(p) for p in paths[:MAX_PROJECTS]]
    assert [workspace.project_for(p) for p in paths[:MAX_PROJECTS]] == made  # all MAX_PROJECTS kept
    workspace.project_for(paths[0])  # used last now: p1 is the least recently used
    workspace.project_for(paths[MAX_PROJECTS])
    assert workspace.project_for(paths[0]) is made[0]
    assert workspace.project_for(paths[1]) is not made[1]


def test_a_buffer_opened_for_a_module_no_check_read_changes_nothing_else(tmp_path):
    from errata_lsp.analysis import check_source

    tree(tmp_path, {"config.py": LAYERS, "notes.py": "x = 1\n", "train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    train, notes = tmp_path / "train.py", str(tmp_path / "notes.py")
    assert found(train) == remat_error(3, "`config.py`, line 8")
    try:
        WORKSPACE.set_buffer(notes, "x = 2\n")
        report = check_source(train.read_text(), str(train))
        assert report.failures == []
        assert [(f.code, f.span.start.line) for f in report.findings] == [("LXF001", 3)]
    finally:
        WORKSPACE.set_buffer(notes, None)


def test_a_module_above_the_whole_walk_bound_follows_a_name_through_three_functions(tmp_path):
    from errata_lsp.analysis.project import WHOLE_MODULE_BYTES

    # REMAT needs make, make needs helper, helper needs inner, inner reads LAYERS: the chunks of
    # REMAT's flow grow three times (ROUNDS); the module is too large to be walked whole
    calls = ("LAYERS = [Block]\n\n\ndef inner():\n    return LAYERS\n\n\ndef helper():\n    return inner()\n\n\n"
             "def make():\n    return helper()\n\n\nREMAT = make()\n")
    padding = "x = 1\n" * (int(WHOLE_MODULE_BYTES) // 6 + 1)
    tree(tmp_path, {"config.py": LAYERS.replace("REMAT = [Block]\n", calls) + padding,
                    "train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == remat_error(3, "`config.py`, line 8", "LAYERS")


def test_a_module_below_the_whole_walk_bound_is_walked_whole_however_deep_its_calls(tmp_path):
    # five functions deep: more than a name's chunks grow, but a small module is walked whole
    calls = "LAYERS = [Block]\n\n\n" + "".join(
        f"def f{i}():\n    return {'LAYERS' if i == 0 else f'f{i - 1}()'}\n\n\n" for i in range(5)) + "REMAT = f4()\n"
    tree(tmp_path, {"config.py": LAYERS.replace("REMAT = [Block]\n", calls),
                    "train.py": HEAD + "from config import REMAT\n" + use("REMAT")})
    assert found(tmp_path / "train.py") == remat_error(3, "`config.py`, line 8", "LAYERS")


def test_an_attribute_another_module_stores_on_an_object_that_is_no_module_is_not_the_module_s(tmp_path):
    from errata_lsp.analysis import check_source

    tree(tmp_path, {"config.py": LAYERS,
                    "other.py": "import config\n\nholder = None\nholder.REMAT = {config.Block}\n",
                    "train.py": HEAD + "import other\nimport config\n" + use("config.REMAT")})
    report = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py"))
    assert report.failures == []
    assert [(f.code, f.message) for f in report.findings] == [remat_error(4, "`config.py`, line 8")[0][:2]]


def test_a_bound_another_module_hits_outside_the_document_s_imports_is_no_note_on_the_document(tmp_path):
    from errata_lsp.analysis import check_source

    # `config.REMAT` is read after `import config` was followed: other.py's own imports lead to the
    # large module, and a note on line 2 of train.py would point at an import train.py does not have there
    tree(tmp_path, {"config.py": LAYERS,
                    "big.py": "X = 1\n" + "x = 1\n" * (MAX_MODULE_BYTES // 6 + 1),
                    "other.py": "import config\nfrom big import X\n\nconfig.REMAT = X\n",
                    "train.py": HEAD + "import other\nimport config\n" + use("config.REMAT")})
    report = check_source((tmp_path / "train.py").read_text(), str(tmp_path / "train.py"))
    assert report.failures == []
    assert report.notes == []


def test_only_a_module_whose_import_may_name_a_project_module_is_a_candidate_reader_of_it(tmp_path):
    # `lightning.fabric` and a comment after `import os` name no project `fabric.py`: read as readers, every
    # script of a project holding a `fabric.py` was summarised at each check of it
    from errata_lsp.analysis import check_source
    from errata_lsp.analysis.packs.lightning.values import TIPS as LIGHTNING_TIPS

    tree(tmp_path, {"fabric.py": "def build(policy):\n    return policy\n",
                    "lib_user.py": "from lightning.fabric import Fabric\nbuild = Fabric\n",
                    "comment_user.py": "import os  # fabric\nbuild = os\n",
                    "own_user.py": "import torch, fabric\nfabric.build([1])\n",
                    "relative_user.py": "from . import fabric as f\nf.build(2)\n"})
    target = tmp_path / "fabric.py"
    assert check_source(target.read_text(), str(target)).failures == []
    project = WORKSPACE.project_for(str(target), LIGHTNING_TIPS)  # as a check sets it: lightning is a library
    assert project is not None
    readers = project._importers_of((str(tmp_path),), "fabric")
    assert sorted(os.path.basename(path) for path, _ in readers) == ["own_user.py", "relative_user.py"]
    assert all("build" in words for _, words in readers)
