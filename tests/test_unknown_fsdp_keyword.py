"""LXF038: a keyword XLAFSDPStrategy hands to torch_xla's XlaFullyShardedDataParallel, which does not take it.

The kb_cases scripts named here were run with lightning 2.6.6 and torch_xla 2.9.0 (labels.tsv): the `before`
raised `TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'sync_module_states'`
at `fabric.setup_module`, the `after` ran. So did `cpu_offload`, `mixed_precision`, `sharding_strategy`,
`timeout`, `activation_checkpointing`, `compute_dtyp` and a `**` dict holding `limit_all_gathers`; `compute_dtype`,
`flatten_parameters`, `reshard_after_forward` and `buffer_dtype` ran (program corpus p420-p425, s420-s423)."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import apply_fix, check_source
from errata_lsp.analysis.findings import Edit, Position, Span
from errata_lsp.analysis.packs.xla_fsdp.fsdp_keywords import ACCEPTED, CUDA_KEYWORDS

CASES = Path(__file__).parent / "kb_cases"
HEAD = "from lightning.fabric.strategies import XLAFSDPStrategy, FSDPStrategy\n"
RAISES = "which raises `TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument '{}'`"


def lxf038(source: str, path: str = "train.py"):
    result = check_source(source, path)
    assert not result.failures, result.failures[0].detail
    return [f for f in result.findings if f.code == "LXF038"]


def at(finding) -> str:
    s = finding.span
    return f"{s.start.line + 1}:{s.start.column + 1}-{s.end.line + 1}:{s.end.column + 1}"


def test_the_labelled_before_is_an_error_at_the_keyword_and_its_fix_is_the_after():
    source = (CASES / "5d0b7c3e9a41f826_before.py").read_text()
    [finding] = lxf038(source)
    assert (finding.severity.value, at(finding)) == ("error", "43:91-43:114")
    assert finding.message == (
        "`sync_module_states` is a parameter neither of XLAFSDPStrategy nor of torch_xla's XlaFullyShardedDataParallel: "
        "the strategy keeps it and passes it to `XlaFullyShardedDataParallel(module, ...)` when the model is set up "
        "(`fabric.setup`, in the launched function), " + RAISES.format("sync_module_states") + "; `sync_module_states` "
        "is a setting of torch's CUDA FSDP: torch_xla's FSDP has no such setting; remove it")
    [only] = finding.fixes
    after = (CASES / "5d0b7c3e9a41f826_after.py").read_text()
    assert apply_fix(source, only.edits).split('"""', 2)[2] == after.split('"""', 2)[2]
    assert lxf038(after) == []


def test_every_accepted_keyword_is_silent_and_every_other_one_is_flagged():
    accepted = ", ".join(f"{k}=None" for k in sorted(ACCEPTED))
    assert lxf038(HEAD + f"s = XLAFSDPStrategy({accepted})\n") == []
    cuda = sorted(CUDA_KEYWORDS)
    found = lxf038(HEAD + "s = XLAFSDPStrategy(" + ", ".join(f"{k}=None" for k in cuda) + ")\n")
    assert [f.message.split("`", 2)[1] for f in found] == cuda
    assert all("is a setting of torch's CUDA FSDP: " in f.message and f.severity.value == "error" for f in found)


def test_the_cuda_strategy_and_the_strategy_module_argument_are_not_its_business():
    assert lxf038(HEAD + "c = FSDPStrategy(sync_module_states=True, cpu_offload=True, limit_all_gathers=True)\n") == []
    assert lxf038(HEAD + "s = XLAFSDPStrategy(module=None)\n") == []  # a TypeError of its own ("multiple values")


def test_what_xla_has_instead_is_named():
    [mixed] = lxf038(HEAD + "s = XLAFSDPStrategy(mixed_precision=mp)\n")
    assert mixed.message.endswith("under XLA the precision is `Fabric(precision=\"bf16-true\")`, or torch_xla's "
                                  "`compute_dtype=`/`buffer_dtype=` (a dtype, not a `MixedPrecision`); remove it")
    [remat] = lxf038(HEAD + "s = XLAFSDPStrategy(activation_checkpointing=[Block])\n")
    assert "XLAFSDPStrategy's spelling is `activation_checkpointing_policy=`, a set of layer classes" in remat.message
    [shard] = lxf038(HEAD + "s = XLAFSDPStrategy(sharding_strategy='SHARD_GRAD_OP')\n")
    assert "`reshard_after_forward=False` keeps the gathered parameters from forward to backward" in shard.message
    [other] = lxf038(HEAD + "s = XLAFSDPStrategy(min_num_params=1e6)\n")
    assert other.message.endswith(RAISES.format("min_num_params") + "; remove it")
    assert [f.title for f in other.fixes] == ["Remove `min_num_params`"]


def test_a_misspelt_keyword_is_renamed_unless_the_right_one_is_given_too():
    source = HEAD + "s = XLAFSDPStrategy(**{'flatten_parameter': True})\n"
    [typo] = lxf038(source)
    assert typo.message.endswith("; did you mean `flatten_parameters`?") and at(typo) == "2:24-2:43"
    rename, remove = typo.fixes
    assert (rename.title, rename.preferred, remove.preferred) == ("Rename `flatten_parameter` to `flatten_parameters`",
                                                                   True, False)
    assert apply_fix(source, rename.edits).endswith("XLAFSDPStrategy(**{'flatten_parameters': True})\n")
    [both] = lxf038(HEAD + "s = XLAFSDPStrategy(compute_dtyp=a, compute_dtype=b)\n")
    assert [f.title for f in both.fixes] == ["Remove `compute_dtyp`"]


def test_a_keyword_given_through_a_helper_or_a_partial_is_reported_once_where_it_is_written():
    helper = (HEAD + "def make(**fsdp_kwargs):\n"
              "    return XLAFSDPStrategy(auto_wrap_policy={Block}, **fsdp_kwargs)\n"
              "s = make(limit_all_gathers=True)\n")
    [finding] = lxf038(helper)
    assert at(finding) == "4:10-4:32"
    assert apply_fix(helper, finding.fixes[0].edits).endswith("s = make()\n")
    partial = (HEAD + "from functools import partial\n"
               "S = partial(XLAFSDPStrategy, use_orig_params=True)\n"
               "a = S(auto_wrap_policy={Block})\n"
               "b = S()\n")
    [once] = lxf038(partial)
    assert at(once) == "3:30-3:50"
    assert apply_fix(partial, once.fixes[0].edits).splitlines()[2] == "S = partial(XLAFSDPStrategy)"


def test_a_keyword_stored_under_a_condition_is_a_warning_that_names_it():
    source = (HEAD + "def make(cfg):\n"
              "    kw = {}\n"
              "    if cfg.offload:\n"
              "        kw['cpu_offload'] = True\n"
              "    return XLAFSDPStrategy(**kw)\n")
    [finding] = lxf038(source)
    assert finding.severity.value == "warning" and finding.message.endswith("; when cfg.offload")


def test_a_config_module_s_dict_is_reported_and_fixed_there(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    config = tmp_path / "config.py"
    config.write_text("FSDP_KWARGS = dict(\n    flatten_parameters=True,\n    cpu_offload=True,\n)\n")
    train = tmp_path / "train.py"
    source = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "from config import FSDP_KWARGS\n"
              "strategy = XLAFSDPStrategy(**FSDP_KWARGS)\n")
    train.write_text(source)
    [finding] = lxf038(source, str(train))
    assert finding.elsewhere is not None and finding.elsewhere.path == str(config)
    assert finding.elsewhere.span == Span(Position(2, 4), Position(2, 20))
    [remove] = finding.fixes
    assert remove.path == str(config) and remove.edits == (Edit(Span(Position(1, 27), Position(2, 20)), ""),)


BUILDER = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
           "class StrategyBuilder:\n"
           "    def __init__(self):\n"
           "        self._kwargs = {}\n"
           "    def wrap(self, *layers):\n"
           "        self._kwargs['auto_wrap_policy'] = set(layers)\n"
           "        return self\n"
           "    def sync_states(self, flag=True):\n"
           "        self._kwargs['sync_module_states'] = flag\n"
           "        return self\n"
           "    def build(self):\n"
           "        return XLAFSDPStrategy(**self._kwargs)\n")


def test_a_key_a_builder_method_stores_counts_only_when_some_module_calls_that_method(tmp_path):
    def project(folder: Path, chain: str) -> Path:
        folder.mkdir()
        (folder / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
        (folder / "builder.py").write_text(BUILDER)
        (folder / "train.py").write_text(f"from builder import StrategyBuilder\nstrategy = StrategyBuilder(){chain}.build()\n")
        return folder / "builder.py"

    assert lxf038(BUILDER, str(project(tmp_path / "a", ".wrap(Block)"))) == []  # program corpus p247 ran so
    [finding] = lxf038(BUILDER, str(project(tmp_path / "b", ".wrap(Block).sync_states()")))  # p426 raised so
    assert at(finding) == "9:9-9:43" and finding.severity.value == "error"
    called_here = BUILDER + "strategy = StrategyBuilder().sync_states().build()\n"
    assert [at(f) for f in lxf038(called_here)] == ["9:9-9:43"]


def test_an_older_torch_xla_name_is_renamed_to_the_one_2_9_takes():
    source = HEAD + "s = XLAFSDPStrategy(mark_step_on_finalization=True)\n"  # raised with torch_xla 2.9.0
    [finding] = lxf038(source)
    assert finding.message.endswith("; `mark_step_on_finalization` is an older torch_xla's name of "
                                    "`sync_on_finalization` (torch_xla 2.9.0 takes only the new one)")
    assert finding.fixes[0].title == "Rename `mark_step_on_finalization` to `sync_on_finalization`"
    assert apply_fix(source, finding.fixes[0].edits).endswith("XLAFSDPStrategy(sync_on_finalization=True)\n")  # ran
