"""A strategy preset another module writes as `functools.partial(XLAFSDPStrategy, auto_wrapper_callable=...)`,
called here with `activation_checkpointing_policy=`: LXF002 is placed on the keyword the preset binds (where it is
written on every call of the preset, as a preset of the file is), its fix removes only the policy spelled here (the
check used to crash looking for the preset's keyword in this call), and a preset binding only the wrap policy is
fine. A call that may give more keywords through `**` stays at the call."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.findings import Edit, Span

PRESETS = """\
import functools

from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def wrap(module, *args, **kwargs):
    return module


Sharded = functools.partial(XLAFSDPStrategy, auto_wrap_policy={{nn.Linear}}{extra})
"""

TRAIN = """\
from lightning.fabric import Fabric
from torch import nn

from presets import Sharded


def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


fabric = Fabric(accelerator="tpu", strategy=Sharded({given}))
fabric.launch(train)
"""

CLASH = ("`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning raises "
         "ValueError at setup (the policy is turned into its own auto wrapper)")


def project(tmp_path: Path, extra: str, given: str) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "presets.py").write_text(PRESETS.format(extra=extra))
    (tmp_path / "train.py").write_text(TRAIN.format(given=given))
    return tmp_path / "train.py"


def test_the_preset_s_bound_keyword_is_where_the_clash_is_placed(tmp_path):
    train = project(tmp_path, ", auto_wrapper_callable=wrap", "activation_checkpointing_policy={nn.Linear}")
    findings = check_source(train.read_text(), str(train)).findings
    # the use's span is the preset called here; its one fix removes the policy here (the other side)
    assert [(f.code, f.severity.value, f.message, f.span, [x.edits for x in f.fixes]) for f in findings] == [
        ("LXF002", "error", CLASH, Span.of(10, 44, 10, 51), [(Edit(Span.of(10, 52, 10, 95), ""),)])]
    assert findings[0].elsewhere is not None  # `auto_wrapper_callable=wrap` in presets.py
    assert (findings[0].elsewhere.path, findings[0].elsewhere.span) == (str(tmp_path / "presets.py"), Span.of(10, 75, 10, 101))


def test_a_preset_binding_only_the_wrap_policy_is_fine(tmp_path):
    train = project(tmp_path, "", "activation_checkpointing_policy={nn.Linear}")
    assert check_source(train.read_text(), str(train)).findings == []


def test_a_call_that_may_pass_more_keywords_through_a_double_star_stays_at_the_call(tmp_path):
    train = project(tmp_path, ", auto_wrapper_callable=wrap",
                    "activation_checkpointing_policy={nn.Linear}, **EXTRA")
    text = train.read_text().replace("fabric = Fabric(", "EXTRA = {}\nfabric = Fabric(")
    train.write_text(text)
    findings = check_source(text, str(train)).findings
    assert [(f.code, f.severity.value, f.elsewhere) for f in findings] == [("LXF002", "error", None)]


def test_a_preset_of_this_file_is_flagged_at_its_bound_keyword_in_the_file(tmp_path):
    text = PRESETS.format(extra=", auto_wrapper_callable=wrap") + TRAIN.format(
        given="activation_checkpointing_policy={nn.Linear}").replace("from presets import Sharded\n", "")
    path = tmp_path / "train.py"
    path.write_text(text)
    findings = check_source(text, str(path)).findings
    assert [(f.code, f.severity.value, f.span, f.elsewhere) for f in findings] == [
        ("LXF002", "error", Span.of(10, 75, 10, 101), None)]


def test_a_keyword_a_double_star_display_of_the_call_spells_is_removed_from_that_display(tmp_path):
    text = ("from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
            "from torch import nn\n\n\ndef wrap(module, *args, **kwargs):\n    return module\n\n\n"
            "strategy = XLAFSDPStrategy(activation_checkpointing_policy={nn.Linear}, "
            "**{\"auto_wrapper_callable\": wrap, \"state_dict_type\": \"sharded\"})\n"
            "Fabric(accelerator=\"tpu\", strategy=strategy)\n")
    findings = check_source(text, str(tmp_path / "train.py")).findings
    assert [(f.code, f.span, [(x.title, x.edits) for x in f.fixes]) for f in findings] == [(
        "LXF002", Span.of(9, 100, 9, 104), [  # `wrap`, the value
            ("Remove `auto_wrapper_callable`", (Edit(Span.of(9, 75, 9, 106), ""),)),
            ("Remove `activation_checkpointing_policy`", (Edit(Span.of(9, 27, 9, 72), ""),))])]
