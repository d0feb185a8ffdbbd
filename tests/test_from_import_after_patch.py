"""`import tpu` then `from config import PRECISION`, tpu.py storing `config.PRECISION = ...` at its top level: the name
is copied after the store ran, so it holds what was stored; imported before the patching module, or patched by a
module that only rebinds its own copy, it holds what config.py binds."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

TRAIN = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

{imports}


def train(fabric):
    pass


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=PRECISION).launch(train)
'''

PATCHES = 'import config\n\nconfig.PRECISION = "bf16-true"\n'
REBINDS = 'from config import PRECISION  # noqa: F401\n\nPRECISION = "bf16-true"\n'


def findings(tmp_path: Path, tpu: str, imports: str) -> list[tuple[str, str, str]]:
    tmp_path.mkdir()
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "config.py").write_text('PRECISION = "bf16-mixed"\n')
    (tmp_path / "tpu.py").write_text(tpu)
    train = tmp_path / "train.py"
    train.write_text(TRAIN.format(imports=imports))
    out = []
    for path in (train, tmp_path / "config.py"):
        out += [(path.name, f.code, f.severity.value) for f in check_source(path.read_text(), str(path)).findings]
    return out


def test_a_name_imported_after_a_module_that_patched_it_holds_the_patch(tmp_path):
    assert findings(tmp_path / "a", PATCHES, "import tpu  # noqa: F401\nfrom config import PRECISION") == []


def test_imported_before_the_patch_or_only_rebound_it_holds_the_module_s_own(tmp_path):
    error = [("train.py", "LXF007", "error")]
    assert findings(tmp_path / "b", PATCHES, "from config import PRECISION\nimport tpu  # noqa: F401") == error
    assert findings(tmp_path / "c", REBINDS, "import tpu  # noqa: F401\nfrom config import PRECISION") == error


def test_each_way_a_module_patches_another_at_import_is_read(tmp_path):
    """(the modules imported before are read for stores only when their text may make one: each way is one)"""
    ways = {
        "setattr": 'import config\n\nsetattr(config, "PRECISION", "bf16-true")\n',
        "vars": 'import config\n\nvars(config).update({"PRECISION": "bf16-true"})\n',
    }
    for way, tpu in ways.items():
        found = findings(tmp_path / way, tpu, "import tpu  # noqa: F401\nfrom config import PRECISION")
        assert found == [], way
