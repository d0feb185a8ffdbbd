"""The CUDA FSDPStrategy pack is records only: every FSDP rule comes from a `detect` section, none is
Python, and each names a shipped record whose source line is in Lightning's FSDP code."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source
from errata_lsp.analysis.rules import RULES
from errata_lsp.kb import KnowledgeBase

PACK = {rule.code: rule for rule in RULES if rule.code.startswith("FSDP")}
RULE_FILES = Path(__file__).parents[1] / "server" / "errata_lsp" / "analysis" / "rules"


def test_the_pack_is_data_only():
    assert sorted(PACK) == [f"FSDP{n:03d}" for n in range(1, 13)]
    assert all(rule.origin == "data" for rule in PACK.values())
    assert not [p.name for p in RULE_FILES.glob("*.py") if "fsdp0" in p.name.lower()]


def test_each_rule_names_a_record_of_lightnings_fsdp_code():
    kb = KnowledgeBase.load()
    files = {kb.get(rule.record).get("filePath") for rule in PACK.values()}
    assert files == {"src/lightning/fabric/strategies/fsdp.py", "src/lightning/fabric/plugins/precision/fsdp.py",
                     "src/lightning/fabric/connector.py"}
    assert kb.get(PACK["FSDP008"].record).id == "1cebb27d8528eb7c"  # the connector's record, shared with the TPU records


def test_the_same_call_is_each_packs_own():
    """One mistake per strategy, written for the other: each pack speaks only of its own strategy."""
    cuda = ("from lightning.fabric.strategies import FSDPStrategy\n"
            "s = FSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])\n")
    xla = cuda.replace("FSDPStrategy", "XLAFSDPStrategy")
    assert [f.code for f in check_source(cuda, "t.py").findings] == ["FSDP012"]
    assert [f.code for f in check_source(xla, "t.py").findings] == ["LXF001"]
    wrapper = ("from lightning.fabric.strategies import {0}\n"
               "s = {0}(auto_wrap_policy={{Block}}, auto_wrapper_callable=wrap)\n")
    assert [f.code for f in check_source(wrapper.format("FSDPStrategy"), "t.py").findings] == ["FSDP009"]
    assert [f.code for f in check_source(wrapper.format("XLAFSDPStrategy"), "t.py").findings] == []
    tpu = "import lightning as L\nf = L.Fabric(accelerator='tpu', strategy='fsdp', precision='{}')\n"
    assert [f.code for f in check_source(tpu.format("bf16-true"), "t.py").findings] == []
    assert [f.code for f in check_source(tpu.format("bf16-mixed"), "t.py").findings] == ["LXF007"]
    gpu = tpu.replace("'tpu'", "'cuda'")
    assert [f.code for f in check_source(gpu.format("bf16-mixed"), "t.py").findings] == []
    assert [f.code for f in check_source(gpu.format("64-true"), "t.py").findings] == ["FSDP006"]
