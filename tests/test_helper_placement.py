"""Where a finding read in a helper of another module is placed when the part that makes it raise is the
helper's own: a conversion its fix makes at the use, on a parameter whose other uses need the value as the
callers give it (`checkpoint_file.parent.mkdir(...)` then `fabric.save(checkpoint_file, ...)`), and a key the
helper's dict writes whatever the call passes (`auto_wrapper_callable=None`, which Lightning counts as set).
Twins: the same helpers where the callers' value is what has to change stay placed at the caller."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

HEAD = """\
from pathlib import Path

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
"""

SAVE_NEEDS_A_PATH = """\
from pathlib import Path


def save_checkpoint(fabric, state, checkpoint_file: Path):
    checkpoint_file.parent.mkdir(parents=True, exist_ok=True)
    fabric.save(checkpoint_file, state)
"""

SAVE_AS_GIVEN = """\
def save_checkpoint(fabric, state, checkpoint_file):
    fabric.save(checkpoint_file, state)
"""

PRETRAIN = HEAD + """from utils import save_checkpoint
from torch import nn

def main(fabric, out_dir):
    state = {"model": fabric.setup_module(nn.Linear(2, 2)), "iter_num": 0}  # a state Lightning can save
    save_checkpoint(fabric, state, out_dir / "step-1" / "lit_model.pth")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={object}))
    fabric.launch(main, Path("out"))
"""


def placed(path: Path) -> list[tuple]:
    """(code, severity, line, column, where it is placed: file, line, column) of each finding."""
    out = []
    for f in check_source(path.read_text(), str(path)).findings:
        where = f.elsewhere
        elsewhere = None if where is None else (Path(where.path).name, where.span.start.line + 1, where.span.start.column)
        out.append((f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, elsewhere))
    return out


def test_a_path_the_helper_needs_as_a_path_is_converted_at_its_save_in_the_helper(tmp_path):
    tree(tmp_path, {"utils.py": SAVE_NEEDS_A_PATH, "pretrain.py": PRETRAIN})
    findings = check_source(SAVE_NEEDS_A_PATH, str(tmp_path / "utils.py")).findings
    assert placed(tmp_path / "utils.py") == [("LXF029", "error", 6, 16, None)]  # `checkpoint_file` in the save
    fix = findings[0].fixes[0]
    assert (fix.title, fix.path, [e.new_text for e in fix.edits]) == (
        "Pass `str(checkpoint_file)`", None, ["str(checkpoint_file)"])
    fixed = SAVE_NEEDS_A_PATH.replace("fabric.save(checkpoint_file,", "fabric.save(str(checkpoint_file),")
    (tmp_path / "utils.py").write_text(fixed)
    assert placed(tmp_path / "utils.py") == [] and placed(tmp_path / "pretrain.py") == []


def test_a_path_the_helper_only_passes_on_is_placed_where_the_caller_builds_it(tmp_path):
    tree(tmp_path, {"utils.py": SAVE_AS_GIVEN, "pretrain.py": PRETRAIN})
    assert placed(tmp_path / "utils.py") == [("LXF029", "error", 2, 16, ("pretrain.py", 10, 35))]


KWARGS = """\
def xla_fsdp_kwargs(block_cls, activation_checkpointing=False, auto_wrapper_callable=None):
    return dict(
        auto_wrap_policy={block_cls},
        activation_checkpointing_policy={block_cls} if activation_checkpointing else None,
        auto_wrapper_callable=auto_wrapper_callable,
    )
"""

FINETUNE = HEAD + """from torch import nn

from utils import xla_fsdp_kwargs


class Block(nn.Module):
    pass


strategy = XLAFSDPStrategy(**xla_fsdp_kwargs(Block, {passed}))
fabric = Fabric(accelerator="tpu", strategy=strategy)
"""


def test_a_key_the_helper_always_writes_is_where_the_clash_with_the_asked_for_policy_is_placed(tmp_path):
    tree(tmp_path, {"utils.py": KWARGS, "finetune.py": FINETUNE.format(passed="activation_checkpointing=True")})
    # at the `**` of the call, placed at `auto_wrapper_callable=auto_wrapper_callable` of utils.py
    assert placed(tmp_path / "finetune.py") == [("LXF002", "error", 14, 29, ("utils.py", 5, 8))]
    fixed = KWARGS.replace("        auto_wrapper_callable=auto_wrapper_callable,\n", "")
    (tmp_path / "utils.py").write_text(fixed.replace(", auto_wrapper_callable=None", ""))
    assert placed(tmp_path / "finetune.py") == []


def test_a_wrapper_the_call_passes_itself_with_the_policy_is_placed_at_the_call(tmp_path):
    passed = "activation_checkpointing=True, auto_wrapper_callable=print"
    tree(tmp_path, {"utils.py": KWARGS, "finetune.py": FINETUNE.format(passed=passed)})
    assert placed(tmp_path / "finetune.py") == [("LXF002", "error", 14, 29, None)]


def _save_annotated(annotation: str) -> str:
    return SAVE_AS_GIVEN.replace("checkpoint_file)", f"checkpoint_file: {annotation})", 1)


def test_a_helper_whose_parameter_is_annotated_a_path_converts_it_itself(tmp_path):
    for annotation in ("Path", "str | Path", '"Path"', "Optional[Union[str, os.PathLike]]"):
        tree(tmp_path, {"utils.py": _save_annotated(annotation), "pretrain.py": PRETRAIN})
        assert placed(tmp_path / "utils.py") == [("LXF029", "error", 2, 16, None)], annotation
        assert placed(tmp_path / "pretrain.py") == [], annotation  # the helper's line, not the caller's
    fix = check_source(_save_annotated("Path"), str(tmp_path / "utils.py")).findings[0].fixes[0]
    assert (fix.title, fix.path, [e.new_text for e in fix.edits]) == (
        "Pass `str(checkpoint_file)`", None, ["str(checkpoint_file)"])


def test_a_helper_annotated_to_take_a_string_leaves_the_path_to_its_caller(tmp_path):
    for annotation in ("str", "Optional[str]", "str | None"):
        tree(tmp_path, {"utils.py": _save_annotated(annotation), "pretrain.py": PRETRAIN})
        assert placed(tmp_path / "utils.py") == [("LXF029", "error", 2, 16, ("pretrain.py", 10, 35))], annotation


def test_a_helper_two_calls_give_a_path_converts_it_itself(tmp_path):  # (so before the annotation was read)
    twice = PRETRAIN.replace('    save_checkpoint(fabric, state, out_dir / "step-1" / "lit_model.pth")\n',
                             '    save_checkpoint(fabric, state, out_dir / "step-1" / "lit_model.pth")\n'
                             '    save_checkpoint(fabric, state, out_dir / "final" / "lit_model.pth")\n')
    tree(tmp_path, {"utils.py": SAVE_AS_GIVEN, "pretrain.py": twice})
    assert placed(tmp_path / "utils.py") == [("LXF029", "error", 2, 16, None)]
