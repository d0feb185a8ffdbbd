"""`cls` in a classmethod is the class the call runs it on: `MixedExperiment.fabric()` runs the base's
`fabric` with `cls.PRECISION` the subclass's. Read only when the module calls the method on classes (or
instances) of its own and nowhere else; otherwise `cls` is the class that defines the method, as written."""

from __future__ import annotations

from errata_lsp.analysis import check_source

CLASSES = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class BaseExperiment:
    PRECISION = "bf16-true"

    @classmethod
    def fabric(cls):
        return Fabric(accelerator="tpu", precision=cls.PRECISION, strategy=XLAFSDPStrategy())


class MixedExperiment(BaseExperiment):
    PRECISION = "bf16-mixed"


'''
NOT_XLA = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
           "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
           "(from `MixedExperiment.PRECISION`, line 14)")


def found(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def test_a_classmethod_run_on_a_subclass_reads_the_subclass_s_attribute():
    assert found(CLASSES + "fabric = MixedExperiment.fabric()\n") == [("LXF007", "error", NOT_XLA, 10, 51)]
    assert found(CLASSES + "fabric = MixedExperiment().fabric()\n") == [("LXF007", "error", NOT_XLA, 10, 51)]
    assert found(CLASSES + "fabric = BaseExperiment.fabric()\n") == []


def test_a_classmethod_run_on_both_classes_names_the_one_that_raises():
    assert found(CLASSES + "BaseExperiment.fabric()\nMixedExperiment.fabric()\n") == [
        ("LXF007", "warning", NOT_XLA + "; when cls is MixedExperiment", 10, 51)]


def test_a_classmethod_also_used_otherwise_keeps_the_class_that_defines_it():
    # passed on, it may run on any class: `cls` is the one written
    assert found(CLASSES + "MAKE = BaseExperiment.fabric\nMixedExperiment.fabric()\nMAKE()\n") == []
    assert found(CLASSES + "def make(kind):\n    return kind.fabric()\n\n\nmake(MixedExperiment)\n") == [
        ("LXF007", "error", NOT_XLA, 10, 51)]


def project_found(root, entry: str) -> list[tuple[str, str, str, int, int]]:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (root / "experiments.py").write_text(CLASSES)
    (root / "train.py").write_text(entry)
    path = root / "experiments.py"
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_classmethod_another_module_runs_on_a_subclass_reads_the_subclass_s_attribute(tmp_path):
    assert project_found(tmp_path, "from experiments import MixedExperiment\n\nfabric = MixedExperiment.fabric()\n") \
        == [("LXF007", "error", NOT_XLA, 10, 51)]


def test_a_classmethod_another_module_runs_on_the_base_or_on_what_it_cannot_tell_reads_the_base(tmp_path):
    assert project_found(tmp_path, "from experiments import BaseExperiment\n\nfabric = BaseExperiment.fabric()\n") == []
    (tmp_path / "other").mkdir()
    assert project_found(tmp_path / "other", "import sys\nimport experiments\n\n"
                         "fabric = getattr(experiments, sys.argv[1]).fabric()\n") == []
