"""LXF020 for a member of the project's Enum given as `state_dict_type`: Lightning compares it with `==` to
"sharded" and "full", so a plain `Enum`'s member (never equal to a string) fails at `fabric.load`, whatever its
value; a member of a `str`-mixed Enum compares as its value. The message names the member as Python formats
it, and an Enum of another module, named by a settings class there, is reported in that module."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.fixes import apply_fix

from .test_helpers_elsewhere import tree

SCRIPT = '''\
import enum

from lightning.fabric.strategies import XLAFSDPStrategy


class Fmt({bases}):
    SHARDED = "{value}"
    FULL = "full"


strategy = XLAFSDPStrategy(state_dict_type=Fmt.SHARDED)
'''


def message(member: str, formatted: str | None = None) -> str:
    return (f"`state_dict_type={member}` is neither 'full' nor 'sharded': XLAFSDPStrategy accepts it and `fabric.save` "
            f"silently writes sharded files, but `fabric.load` raises ValueError: Unknown state_dict_type: "
            f"{formatted or member}. The checkpoint you saved cannot be read back")


def found(tmp_path: Path, bases: str, value: str) -> list[tuple]:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(bases=bases, value=value))
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message, len(f.fixes))
            for f in check_source(path.read_text(), str(path)).findings]


def test_a_plain_enum_member_is_never_the_string_lightning_tests_for(tmp_path):
    for value in ("sharded", "shard"):
        assert found(tmp_path, "enum.Enum", value) == [("LXF020", "error", 11, 43, message("Fmt.SHARDED"), 0)], value


def test_a_str_mixed_member_compares_as_its_value(tmp_path):
    # (in an f-string a `str`-mixed member is `Fmt.SHARDED`, a `StrEnum`'s its value); the fix renames the member's
    # value, which is what such a member compares as
    for bases, shown in (("str, enum.Enum", message("Fmt.SHARDED")), ("enum.StrEnum", message("'shard'", "shard"))):
        assert found(tmp_path, bases, "sharded") == [], bases
        assert found(tmp_path, bases, "shard") == [("LXF020", "error", 11, 43, shown, 1)], bases


def test_the_fix_of_a_str_mixed_member_renames_its_value(tmp_path):
    text = SCRIPT.format(bases="str, enum.Enum", value="shard")
    (finding,) = check_source(text, str(tmp_path / "train.py")).findings
    fixed = apply_fix(text, finding.fixes[0].edits)
    assert fixed == SCRIPT.format(bases="str, enum.Enum", value="sharded")
    assert check_source(fixed, str(tmp_path / "train.py")).findings == []


def test_a_class_that_writes_its_own_eq_is_left_alone(tmp_path):
    bases = "enum.Enum"
    path = tmp_path / "train.py"
    path.write_text(SCRIPT.format(bases=bases, value="sharded").replace(
        '    FULL = "full"\n', '    FULL = "full"\n\n    def __eq__(self, other):\n        return self.value == other\n'))
    assert check_source(path.read_text(), str(path)).findings == []


SETTINGS = '''\
import enum


class CheckpointFormat(enum.Enum):
    SHARDED = "sharded"


class Settings:
    ckpt_format = CheckpointFormat.SHARDED
'''
TRAIN = '''\
from lightning.fabric.strategies import XLAFSDPStrategy

from settings import Settings

strategy = XLAFSDPStrategy(state_dict_type=Settings.ckpt_format)
'''


def test_another_module_s_member_is_reported_there(tmp_path):
    tree(tmp_path, {"settings.py": SETTINGS, "train.py": TRAIN})
    path = tmp_path / "train.py"
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.message,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1))
            for f in check_source(path.read_text(), str(path)).findings] == [
        ("LXF020", "error", 5, message("CheckpointFormat.SHARDED"), ("settings.py", 5))]
