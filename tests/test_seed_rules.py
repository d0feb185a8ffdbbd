"""The rules for the seed records (LXF001-LXF005) on the scripts people write: which code, severity,
place and message each line gets, and what its fix does. Positions are 1-based `line:column` as an
editor shows them; every expectation here is written by hand."""

from __future__ import annotations

import textwrap

import pytest

from errata_lsp.analysis import apply_fix, check_source


def report(source: str) -> list[tuple[str, str, str, str]]:
    """(code, severity, 'line:col-line:col', message) for every finding, in the order reported."""
    result = check_source(textwrap.dedent(source), "train.py")
    assert not result.failures, result.failures[0].detail
    return [
        (f.code, f.severity.value,
         f"{f.span.start.line + 1}:{f.span.start.column + 1}-{f.span.end.line + 1}:{f.span.end.column + 1}", f.message)
        for f in result.findings
    ]


def fixes(source: str, code: str) -> list[tuple[str, str, str]]:
    """(title, safety, text after the fix) for each fix of the first finding of `code`."""
    source = textwrap.dedent(source)
    finding = next(f for f in check_source(source, "train.py").findings if f.code == code)
    return [(f.title, f.safety.value, apply_fix(source, f.edits)) for f in finding.fixes]


# --- LXF001 -----------------------------------------------------------------------------------
def test_lxf001_a_policy_that_may_be_empty_is_a_warning_and_a_literal_list_an_error():
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        blocks = [b for b in get_blocks()]
        s = XLAFSDPStrategy(activation_checkpointing_policy=blocks, auto_wrap_policy={Block})
        t = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})
    """
    assert report(source) == [
        ("LXF001", "warning", "3:53-3:59",
         "`activation_checkpointing_policy` must be a set, found [b for b in get_blocks()] (from `blocks`, line 2); "
         "when it is not empty"),
        ("LXF001", "error", "4:53-4:60", "`activation_checkpointing_policy` must be a set, found [Block]"),
    ]


def test_lxf001_an_all_caps_constant_is_not_taken_for_a_class():
    # `POLICY` comes from another module: errata cannot see it, so it says nothing (a CapWords name
    # such as `Block` is a module class, which is not a set).
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        from config import POLICY, Block
        s = XLAFSDPStrategy(activation_checkpointing_policy=POLICY, auto_wrap_policy=POLICY)
        t = XLAFSDPStrategy(activation_checkpointing_policy=Block, auto_wrap_policy={Block})
    """
    assert report(source) == [
        ("LXF001", "error", "4:53-4:58", "`activation_checkpointing_policy` must be a set, found Block"),
    ]


def test_lxf001_hints_say_why_a_string_a_dict_a_callable_or_a_number_is_wrong():
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        a = XLAFSDPStrategy(activation_checkpointing_policy="Block", auto_wrap_policy={Block})
        b = XLAFSDPStrategy(activation_checkpointing_policy={"Block": 1}, auto_wrap_policy={Block})
        c = XLAFSDPStrategy(activation_checkpointing_policy=lambda m: True, auto_wrap_policy={Block})
        d = XLAFSDPStrategy(activation_checkpointing_policy=3, auto_wrap_policy={Block})
    """
    prefix = "`activation_checkpointing_policy` must be a set, found "
    assert report(source) == [
        ("LXF001", "error", "2:53-2:60", prefix + '"Block" (a string is not a module class)'),
        ("LXF001", "error", "3:53-3:65", prefix + '{"Block": 1} (a dict is not a set of module classes)'),
        ("LXF001", "error", "4:53-4:67", prefix + "lambda m: True (a callable policy is not supported by XLAFSDP; "
                                          "pass `auto_wrapper_callable` instead)"),
        ("LXF006", "error", "4:53-4:67", "`activation_checkpointing_policy` is a lambda, which cannot be pickled: "
         "`fabric.launch` pickles the strategy to send it to the spawned processes, so it fails with PicklingError "
         "before your function runs. Use a function defined at module level (or a `functools.partial` of one)"),
        ("LXF001", "error", "5:53-5:54", prefix + "3 (a number is not a module class)"),
    ]


def test_lxf001_a_policy_name_used_elsewhere_is_wrapped_where_it_is_passed():
    # Turning the list itself into a set would change `blocks` for its other use too.
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        blocks = [Block]
        print(len(blocks))
        s = XLAFSDPStrategy(activation_checkpointing_policy=blocks)
    """
    assert [f[:3] for f in report(source)] == [("LXF005", "warning", "4:21-4:59"), ("LXF001", "error", "4:53-4:59")]
    assert report(source)[1][3] == "`activation_checkpointing_policy` must be a set, found [Block] (from `blocks`, line 2)"
    assert fixes(source, "LXF001") == [(
        "Convert `blocks` to a set with set()", "safe",
        "from lightning.fabric.strategies import XLAFSDPStrategy\nblocks = [Block]\nprint(len(blocks))\n"
        "s = XLAFSDPStrategy(activation_checkpointing_policy=set(blocks))\n",
    )]


def test_lxf001_leaves_the_auto_wrap_policy_alone_when_the_call_may_already_give_it():
    # `**extra` may hold `auto_wrap_policy`: only the policy itself is converted.
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        s = XLAFSDPStrategy(activation_checkpointing_policy=(Block, Head), **extra)
    """
    assert report(source) == [
        ("LXF001", "error", "2:53-2:66", "`activation_checkpointing_policy` must be a set, found (Block, Head)"),
    ]
    assert fixes(source, "LXF001") == [(
        "Convert tuple to set", "safe",
        "from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "s = XLAFSDPStrategy(activation_checkpointing_policy={Block, Head}, **extra)\n",
    )]


# --- LXF002 -----------------------------------------------------------------------------------
def lxf001(source: str) -> list[tuple[str, str, str, str]]:
    return [finding for finding in report(source) if finding[0] == "LXF001"]


POLICY_HEAD = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from model import Block, Attention, FeedForward, LayerNorm, Embedding, Mixer, Router
"""


def test_lxf001_quotes_a_policy_of_up_to_60_characters_whole_and_cuts_a_longer_one():
    exactly_60 = "[Block, Attention, FeedForward, LayerNorm, Embedding, Mixer]"
    longer = "[Block, Attention, FeedForward, LayerNorm, Embedding, Router]"
    assert (len(exactly_60), len(longer)) == (60, 61)
    source = POLICY_HEAD + f"""\
XLAFSDPStrategy(activation_checkpointing_policy={exactly_60}, auto_wrap_policy={{Block}})
XLAFSDPStrategy(activation_checkpointing_policy={longer}, auto_wrap_policy={{Block}})
"""
    assert lxf001(source) == [
        ("LXF001", "error", "3:49-3:109", f"`activation_checkpointing_policy` must be a set, found {exactly_60}"),
        ("LXF001", "error", "4:49-4:110",
         "`activation_checkpointing_policy` must be a set, found [Block, Attention, FeedForward, LayerNorm, Embedding, Route…"),
    ]


def test_lxf001_wraps_a_sorted_policy_in_set_and_keeps_the_sorting_call():
    source = POLICY_HEAD + "XLAFSDPStrategy(activation_checkpointing_policy=sorted(blocks), auto_wrap_policy={Block})\n"
    assert lxf001(source) == [
        ("LXF001", "warning", "3:49-3:63",
         "`activation_checkpointing_policy` must be a set, found sorted(blocks); when it is not empty"),
    ]
    assert fixes(source, "LXF001") == [(
        "Make it a set with set()", "safe",
        source.replace("=sorted(blocks)", "=set(sorted(blocks))"),
    )]
    # without an auto_wrap_policy, the one LXF005 adds is the same set
    bare = source.replace(", auto_wrap_policy={Block}", "")
    assert [text for _, _, text in fixes(bare, "LXF005")] == [
        bare.replace("=sorted(blocks))", "=sorted(blocks), auto_wrap_policy=set(sorted(blocks)))")]


def test_lxf001_a_sum_of_lists_is_wrapped_whole_in_set():
    source = POLICY_HEAD + "XLAFSDPStrategy(activation_checkpointing_policy=[Block] + [Attention], auto_wrap_policy={Block})\n"
    assert fixes(source, "LXF001") == [(
        "Convert `[Block] + [Attention]` to a set with set()", "safe",
        source.replace("=[Block] + [Attention]", "=set([Block] + [Attention])"),
    )]


def test_lxf001_a_policy_from_two_literals_gets_one_preferred_fix_for_both():
    source = POLICY_HEAD + """\
policy = [Block] if deep else (Attention,)
XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block, Attention})
"""
    assert lxf001(source) == [
        ("LXF001", "error", "4:49-4:55", "`activation_checkpointing_policy` must be a set, found [Block] (from `policy`, line 3)"),
    ]
    assert fixes(source, "LXF001") == [(
        "Make each policy a set", "safe", source.replace("[Block] if deep else (Attention,)", "{Block} if deep else {Attention,}"),
    )]
    finding = next(f for f in check_source(source, "train.py").findings if f.code == "LXF001")
    assert [f.preferred for f in finding.fixes] == [True]


def test_lxf002_warns_when_the_policy_is_a_parameter_that_may_be_empty():
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy

        def build(policy):
            return XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy=policy)
    """
    assert report(source) == [
        ("LXF002", "warning", "4:28-4:54",
         "`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning raises "
         "ValueError at setup (the policy is turned into its own auto wrapper); here whenever the policy is not empty"),
    ]


def test_lxf002_a_set_policy_with_a_wrapper_is_an_error_and_its_fix_keeps_the_policy():
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        s = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block})
    """
    assert report(source) == [
        ("LXF002", "error", "2:21-2:47",
         "`auto_wrapper_callable` and `activation_checkpointing_policy` cannot both be set: Lightning raises "
         "ValueError at setup (the policy is turned into its own auto wrapper)"),
    ]
    head = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    assert fixes(source, "LXF002") == [  # the smallest that removes the crash first (the record's own after)
        ("Remove `auto_wrapper_callable`", "unsafe", head + "s = XLAFSDPStrategy(activation_checkpointing_policy={Block})\n"),
        ("Replace `auto_wrapper_callable` with `auto_wrap_policy={Block}`", "unsafe",
         head + "s = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})\n"),
        ("Remove `activation_checkpointing_policy`", "unsafe", head + "s = XLAFSDPStrategy(auto_wrapper_callable=wrap)\n"),
    ]


# --- LXF003 -----------------------------------------------------------------------------------
def test_lxf003_flags_the_strategy_of_a_fabric_passed_as_a_parameter():
    # The common shape: the training loop receives the Fabric; nothing says which strategy it runs.
    source = """\
        def train(fabric, model, batches):
            for i, batch in enumerate(batches):
                with fabric.strategy.no_backward_sync(model, enabled=i % 4 != 3):
                    fabric.backward(model(batch).sum())
    """
    assert report(source) == [
        ("LXF003", "error", "3:14-3:46",
         "`Strategy` object has no attribute `no_backward_sync`: use `fabric.no_backward_sync(model, enabled=...)` "
         "with the set-up model"),
    ]
    assert fixes(source, "LXF003")[0][:2] == ("Use fabric.no_backward_sync", "safe")
    assert "with fabric.no_backward_sync(model, enabled=i % 4 != 3):" in fixes(source, "LXF003")[0][2]


def test_lxf003_names_xlafsdpstrategy_when_the_fabric_is_known_to_run_it():
    source = """\
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        fabric = Fabric(strategy=XLAFSDPStrategy())
        with fabric.strategy.no_backward_sync(model):
            pass
    """
    assert report(source) == [
        ("LXF003", "error", "4:6-4:38",
         "`XLAFSDPStrategy` object has no attribute `no_backward_sync`: use `fabric.no_backward_sync(model, "
         "enabled=...)` with the set-up model"),
    ]


def test_lxf003_a_method_of_that_name_on_something_else_is_left_alone():
    source = """\
        from lightning.fabric import Fabric
        fabric = Fabric(strategy="xla_fsdp")
        with trainer.strategy.no_backward_sync(model):
            pass
        with self.no_backward_sync(model):
            pass
        with fabric.trainer.no_backward_sync(model):
            pass
        with fabric.accelerator.no_backward_sync(model):
            pass
    """
    assert report(source) == []


@pytest.mark.parametrize("enabled", ["0", "None", "enabled=0", "enabled=None", "enabled=''"])
def test_lxf003_a_falsy_enabled_makes_the_internal_call_a_no_op(enabled):
    # Lightning's control returns a no-op for `if not enabled`: any false constant, not only False.
    source = f"""\
        import torch
        from lightning.fabric.strategies import XLAFSDPStrategy
        strategy = XLAFSDPStrategy()
        with strategy._backward_sync_control.no_backward_sync(torch.nn.Linear(4, 4), {enabled}):
            pass
    """
    shown = enabled.removeprefix("enabled=")
    assert report(source) == [
        ("LXF003", "information", "4:6-4:54",
         f"This internal call is a no-op with `enabled={shown}`: `fabric.no_backward_sync(model)` says it plainly"),
    ]


def test_lxf003_a_true_or_unknown_enabled_on_a_raw_module_is_the_type_error():
    source = """\
        import torch
        from lightning.fabric.strategies import XLAFSDPStrategy
        strategy = XLAFSDPStrategy()
        with strategy._backward_sync_control.no_backward_sync(torch.nn.Linear(4, 4), 1):
            pass
        with strategy._backward_sync_control.no_backward_sync(torch.nn.Linear(4, 4), enabled=flag):
            pass
    """
    message = ("Blocking backward sync is only possible if the module passed to "
               "`_XLAFSDPBackwardSyncControl.no_backward_sync` is wrapped in `XlaFullyShardedDataParallel`. "
               "Got: the raw module's class. Use `fabric.no_backward_sync(model)`")
    assert report(source) == [("LXF003", "error", "4:6-4:54", message), ("LXF003", "error", "6:6-6:54", message)]


# --- LXF004 -----------------------------------------------------------------------------------
LXF004_SCRIPT = """\
    import torch
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy


    def main(fabric):
        model = torch.nn.Linear(4, 4)
        with fabric.no_backward_sync(model):
            pass
        sharded = fabric.setup_module(model)
        with fabric.no_backward_sync(model):
            pass


    Fabric(strategy=XLAFSDPStrategy()).launch(main)
"""


def test_lxf004_a_setup_after_the_use_does_not_count_as_set_up():
    # Line 8 runs before `sharded` exists: the message must not point to it, nor the fix use it.
    assert report(LXF004_SCRIPT) == [
        ("LXF004", "error", "8:34-8:39",
         "`model` is not set up: pass the module returned by `fabric.setup(model)` to `no_backward_sync`, "
         "or Fabric raises TypeError"),
        ("LXF004", "error", "11:34-11:39",
         "`model` is not set up: `sharded` holds the module returned by `fabric.setup_module(model)`; "
         "Fabric raises TypeError here"),
    ]
    findings = [f for f in check_source(textwrap.dedent(LXF004_SCRIPT), "train.py").findings if f.code == "LXF004"]
    assert [len(f.fixes) for f in findings] == [0, 1]


def test_lxf004_a_thrown_away_setup_result_is_kept_by_the_fix():
    source = """\
        import torch
        from lightning.fabric import Fabric
        fabric = Fabric(strategy="xla_fsdp")
        model = torch.nn.Linear(4, 4)
        fabric.setup(model)
        with fabric.no_backward_sync(model):
            pass
    """
    assert report(source) == [
        ("LXF004", "error", "6:30-6:35",
         "`model` is not set up: the result of `fabric.setup(model)` is thrown away, so Fabric raises TypeError here"),
    ]
    assert fixes(source, "LXF004") == [(
        "Keep the set-up module: `model = fabric.setup(model)`", "unsafe",
        'import torch\nfrom lightning.fabric import Fabric\nfabric = Fabric(strategy="xla_fsdp")\n'
        "model = torch.nn.Linear(4, 4)\nmodel = fabric.setup(model)\nwith fabric.no_backward_sync(model):\n    pass\n",
    )]
    # the fix a client applies first (`isPreferred` in a code action, "preferred" in the JSON report)
    finding = next(f for f in check_source(textwrap.dedent(source), "train.py").findings if f.code == "LXF004")
    assert [f.preferred for f in finding.fixes] == [True]


def test_lxf004_names_the_first_target_of_a_joint_setup_even_with_an_optimizer_built_in_the_call():
    # Fabric checks the module before any strategy code (a joint setup is fine on DDP, not on XLA FSDP).
    source = """\
        import torch
        from lightning.fabric import Fabric


        def main(fabric):
            model = torch.nn.Linear(4, 4)
            wrapped, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
            with fabric.no_backward_sync(model):
                pass


        Fabric(strategy="ddp").launch(main)
    """
    assert report(source) == [
        ("LXF004", "error", "8:34-8:39",
         "`model` is not set up: `wrapped` holds the module returned by "
         "`fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))`; Fabric raises TypeError here"),
    ]
    assert fixes(source, "LXF004") == [(
        "Use `wrapped`, the set-up module", "safe",
        textwrap.dedent(source).replace("no_backward_sync(model)", "no_backward_sync(wrapped)"),
    )]


def test_lxf004_a_joint_setup_into_a_name_and_a_dict_entry_names_the_name():
    source = """\
        import torch
        from lightning.fabric import Fabric
        fabric = Fabric(strategy="ddp")
        model = torch.nn.Linear(4, 4)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        state = {}
        wrapped, state["optimizer"] = fabric.setup(model, optimizer)
        with fabric.no_backward_sync(model):
            pass
    """
    assert report(source) == [
        ("LXF004", "error", "8:30-8:35",
         "`model` is not set up: `wrapped` holds the module returned by `fabric.setup(model, optimizer)`; "
         "Fabric raises TypeError here"),
    ]


@pytest.mark.parametrize("kept", ["compiled = torch.compile(fabric.setup(model))", "self.net = fabric.setup(model)"])
def test_lxf004_a_setup_whose_result_no_plain_name_holds_offers_no_name(kept):
    # `compiled` holds what torch.compile returned, not Fabric's module; `self.net` is not a local name.
    source = f"""\
        import torch
        from lightning.fabric import Fabric


        class Loop:
            def run(self, fabric):
                model = torch.nn.Linear(4, 4)
                {kept}
                with fabric.no_backward_sync(model):
                    pass


        Fabric(strategy="xla_fsdp").launch(Loop().run)
    """
    assert report(source) == [
        ("LXF004", "error", "9:38-9:43",
         "`model` is not set up: `fabric.setup(model)` returns the set-up module; Fabric raises TypeError here"),
    ]
    assert fixes(source, "LXF004") == []


def test_lxf004_a_module_of_a_class_defined_in_the_script_is_raw_and_one_from_a_container_unknown():
    source = """\
        import torch
        from lightning.fabric import Fabric


        class Net(torch.nn.Module):
            pass


        def main(fabric, models):
            model = Net()
            with fabric.no_backward_sync(model):
                pass
            chosen = models["main"]
            with fabric.no_backward_sync(chosen):
                pass


        Fabric(strategy="xla_fsdp").launch(main)
    """
    assert report(source) == [
        ("LXF004", "error", "11:34-11:39",
         "`model` is not set up: pass the module returned by `fabric.setup(model)` to `no_backward_sync`, "
         "or Fabric raises TypeError"),
    ]


def test_lxf004_the_set_up_module_and_modules_from_elsewhere_are_left_alone():
    source = """\
        import torch
        from lightning.fabric import Fabric
        from models import build_model
        fabric = Fabric(strategy="xla_fsdp")
        model = fabric.setup(torch.nn.Linear(4, 4))
        other = build_model()
        with fabric.no_backward_sync(model):
            pass
        with fabric.no_backward_sync(other):
            pass
    """
    assert report(source) == []


def fixed_lines(source: str, code: str, line: int) -> list[tuple[str, bool, str]]:
    """(title, preferred, the line after the fix) for each fix of the finding of `code` on `line`."""
    source = textwrap.dedent(source)
    finding = next(f for f in check_source(source, "train.py").findings
                   if f.code == code and f.span.start.line + 1 == line)
    return [(f.title, f.preferred, apply_fix(source, f.edits).splitlines()[line - 1]) for f in finding.fixes]


LXF002_CALLS = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    a = XLAFSDPStrategy(state_dict_type="full")
    b = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block}, auto_wrap_policy={Block})
    c = XLAFSDPStrategy("tpu", None, None, None, auto_wrapper_callable=wrap, activation_checkpointing_policy={Block})
    d = XLAFSDPStrategy("tpu", None, None, None, None, auto_wrapper_callable=wrap, activation_checkpointing_policy={Block})
    f = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block}, **extra)
    g = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **dict(auto_wrapper_callable=wrap))
    h = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy="Block")
"""


def test_lxf002_every_call_of_a_file_is_checked_and_underlined_at_the_wrapper():
    # The first call has neither argument: the calls after it are still checked.
    assert [(code, severity, at) for code, severity, at, _ in report(LXF002_CALLS) if code == "LXF002"] == [
        ("LXF002", "error", "3:21-3:47"), ("LXF002", "error", "4:46-4:72"), ("LXF002", "error", "5:52-5:78"),
        ("LXF002", "error", "6:21-6:47"), ("LXF002", "error", "7:69-7:95"), ("LXF002", "error", "8:21-8:47"),
    ]


def test_lxf002_the_fix_adds_auto_wrap_policy_only_where_the_call_does_not_already_give_it():
    remove_policy = "Remove `activation_checkpointing_policy`"
    # Given by keyword already: only the wrapper goes.
    assert fixed_lines(LXF002_CALLS, "LXF002", 3) == [
        ("Remove `auto_wrapper_callable`", True,
         "b = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})"),
        (remove_policy, False, "b = XLAFSDPStrategy(auto_wrapper_callable=wrap, auto_wrap_policy={Block})"),
    ]
    # Four positional arguments stop before `auto_wrap_policy`'s place: it can be put there instead.
    assert fixed_lines(LXF002_CALLS, "LXF002", 4)[1] == (
        "Replace `auto_wrapper_callable` with `auto_wrap_policy={Block}`", False,
        'c = XLAFSDPStrategy("tpu", None, None, None, auto_wrap_policy={Block}, activation_checkpointing_policy={Block})')
    # A fifth positional argument is `auto_wrap_policy` itself.
    assert fixed_lines(LXF002_CALLS, "LXF002", 5)[0] == (
        "Remove `auto_wrapper_callable`", True,
        'd = XLAFSDPStrategy("tpu", None, None, None, None, activation_checkpointing_policy={Block})')
    # `**extra` may hold it.
    assert fixed_lines(LXF002_CALLS, "LXF002", 6)[0] == (
        "Remove `auto_wrapper_callable`", True, "f = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **extra)")


def test_lxf002_the_fix_removes_a_wrapper_given_through_dict_and_keeps_a_policy_it_cannot_convert():
    assert fixed_lines(LXF002_CALLS, "LXF002", 7) == [
        ("Remove `auto_wrapper_callable`", True, "g = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **dict())"),
        ("Remove `activation_checkpointing_policy`", False, "g = XLAFSDPStrategy(**dict(auto_wrapper_callable=wrap))"),
    ]
    # A string policy has no set form to offer: removing the wrapper is all the first fix does.
    assert fixed_lines(LXF002_CALLS, "LXF002", 8) == [
        ("Remove `auto_wrapper_callable`", True, 'h = XLAFSDPStrategy(activation_checkpointing_policy="Block")'),
        ("Remove `activation_checkpointing_policy`", False, "h = XLAFSDPStrategy(auto_wrapper_callable=wrap)"),
    ]


LXF001_CALLS = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    pair = Block, Head
    a = XLAFSDPStrategy(activation_checkpointing_policy=pair)
    b = XLAFSDPStrategy(activation_checkpointing_policy=list(blocks), auto_wrap_policy={Block})
    c = XLAFSDPStrategy(activation_checkpointing_policy=tuple(blocks))
    d = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrapper_callable=wrap)
    e = XLAFSDPStrategy(activation_checkpointing_policy=[b for b in blocks])
    f = XLAFSDPStrategy("tpu", None, None, None, activation_checkpointing_policy=[Block])
    g = XLAFSDPStrategy("tpu", None, None, None, None, activation_checkpointing_policy=[Block])
    h = XLAFSDPStrategy(activation_checkpointing_policy=[Block], **extra)
    i = XLAFSDPStrategy(activation_checkpointing_policy=nn.Linear)
    j = XLAFSDPStrategy(activation_checkpointing_policy=(), auto_wrap_policy={Block})
"""


def test_lxf001_on_every_spelling_of_a_policy_that_is_not_a_set():
    # d: the wrapper makes Lightning raise LXF002's error first; j: an empty policy is ignored.
    assert [(code, severity, at) for code, severity, at, _ in report(LXF001_CALLS) if code == "LXF001"] == [
        ("LXF001", "error", "3:53-3:57"), ("LXF001", "warning", "4:53-4:65"), ("LXF001", "warning", "5:53-5:66"),
        ("LXF001", "warning", "7:53-7:72"), ("LXF001", "error", "8:78-8:85"), ("LXF001", "error", "9:84-9:91"),
        ("LXF001", "error", "10:53-10:60"), ("LXF001", "error", "11:53-11:62"),
    ]


# Each fix does one thing: the policy becomes a set; adding `auto_wrap_policy` is LXF005's own fix.
@pytest.mark.parametrize(("line", "title", "after"), [
    (3, "Convert tuple to set", "a = XLAFSDPStrategy(activation_checkpointing_policy=pair)"),
    (4, "Convert list(...) to set(...)",
     "b = XLAFSDPStrategy(activation_checkpointing_policy=set(blocks), auto_wrap_policy={Block})"),
    (5, "Convert tuple(...) to set(...)", "c = XLAFSDPStrategy(activation_checkpointing_policy=set(blocks))"),
    (7, "Convert list to set", "e = XLAFSDPStrategy(activation_checkpointing_policy={b for b in blocks})"),
    (8, "Convert list to set", 'f = XLAFSDPStrategy("tpu", None, None, None, activation_checkpointing_policy={Block})'),
    (9, "Convert list to set",
     'g = XLAFSDPStrategy("tpu", None, None, None, None, activation_checkpointing_policy={Block})'),
    (10, "Convert list to set", "h = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **extra)"),
    (11, "Wrap the class in a set", "i = XLAFSDPStrategy(activation_checkpointing_policy={nn.Linear})"),
])
def test_lxf001_fix_for_each_spelling(line, title, after):
    [(got_title, preferred, got)] = fixed_lines(LXF001_CALLS, "LXF001", line)
    assert (got_title, preferred, got) == (title, True, after)


def test_lxf001_the_tuple_bound_to_a_name_is_converted_where_it_is_written():
    source = textwrap.dedent(LXF001_CALLS)
    finding = next(f for f in check_source(source, "train.py").findings if f.code == "LXF001")
    assert apply_fix(source, finding.fixes[0].edits).splitlines()[1] == "pair = {Block, Head}"


def test_lxf001_a_list_made_only_of_an_unpacked_name_may_be_empty():
    # `[*blocks]` is empty when `blocks` is, and Lightning ignores an empty policy: a warning, not an error
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        s = XLAFSDPStrategy(activation_checkpointing_policy=[*blocks], auto_wrap_policy={Block})
    """
    assert [(code, severity) for code, severity, _, _ in report(source)] == [("LXF001", "warning")]


def test_lxf001_a_list_built_from_keywords_alone_may_be_empty():
    # `list(**kw)` has no argument to tell its contents by: it may be empty, so a warning
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        s = XLAFSDPStrategy(activation_checkpointing_policy=list(**kw), auto_wrap_policy={Block})
    """
    assert report(source) == [
        ("LXF001", "warning", "2:53-2:63",
         "`activation_checkpointing_policy` must be a set, found list(**kw); when it is not empty"),
    ]


LXF003_INTERNAL = """\
    import torch
    from unittest import mock
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy
    from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel as FSDP
    strategy = XLAFSDPStrategy()
    fabric = Fabric(strategy=strategy)
    raw = torch.nn.Linear(4, 4)
    wrapped = fabric.setup_module(raw)
    with strategy._backward_sync_control.no_backward_sync(raw, True):
        pass
    with strategy._backward_sync_control.no_backward_sync(wrapped, enabled=False):
        pass
    with strategy._backward_sync_control.no_backward_sync(FSDP(raw), True):
        pass
    with strategy._backward_sync_control.no_backward_sync(mock.MagicMock(), True):
        pass
    with strategy._backward_sync_control.no_backward_sync(build(), True):
        pass
    with strategy._backward_sync_control.no_backward_sync():
        pass
    with fabric.strategy._backward_sync_control.no_backward_sync(wrapped._forward_module, True):
        pass
    other = XLAFSDPStrategy()
    with other._backward_sync_control.no_backward_sync(raw, True):
        pass
    with other._backward_sync_control.no_backward_sync(wrapped, True):
        pass
"""
BLOCKING = ("Blocking backward sync is only possible if the module passed to "
            "`_XLAFSDPBackwardSyncControl.no_backward_sync` is wrapped in `XlaFullyShardedDataParallel`. Got: {}. "
            "Use `fabric.no_backward_sync(model)`")


def test_lxf003_the_internal_backward_sync_control_on_each_kind_of_module():
    # An XLA FSDP wrapper, a mock, a factory's result and no argument at all are left alone.
    assert report(LXF003_INTERNAL) == [
        ("LXF003", "error", "10:6-10:54", BLOCKING.format("the raw module's class")),
        ("LXF003", "information", "12:6-12:54",
         "This internal call is a no-op with `enabled=False`: `fabric.no_backward_sync(model)` says it plainly"),
        ("LXF003", "information", "22:6-22:61",
         "This internal call passes the wrapped module by hand: `fabric.no_backward_sync(model)` says it plainly"),
        ("LXF003", "error", "25:6-25:51", BLOCKING.format("the raw module's class")),
        ("LXF003", "error", "27:6-27:51", BLOCKING.format("_FabricModule")),
    ]


def test_lxf003_the_fix_names_the_fabric_that_owns_the_strategy_and_unwraps_the_module():
    assert fixed_lines(LXF003_INTERNAL, "LXF003", 10) == [
        ("Use fabric.no_backward_sync", True, "with fabric.no_backward_sync(raw, True):")]
    assert fixed_lines(LXF003_INTERNAL, "LXF003", 22) == [
        ("Use fabric.no_backward_sync", True, "with fabric.no_backward_sync(wrapped, True):")]
    assert fixed_lines(LXF003_INTERNAL, "LXF003", 25) == []  # no Fabric is built with `other`


# --- LXF005 -----------------------------------------------------------------------------------
LXF005_CALLS = """\
    from lightning.fabric.strategies import XLAFSDPStrategy
    a = XLAFSDPStrategy(activation_checkpointing_policy={b for b in blocks})
    b = XLAFSDPStrategy(activation_checkpointing_policy=set())
    c = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrapper_callable=wrap)
    d = XLAFSDPStrategy("tpu", None, None, None, activation_checkpointing_policy={Block})
    e = XLAFSDPStrategy("tpu", None, None, None, None, activation_checkpointing_policy={Block})
    f = XLAFSDPStrategy(*args, activation_checkpointing_policy={Block})
    g = XLAFSDPStrategy(activation_checkpointing_policy={Block}, **extra)
    h = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy=wrap_policy)
    i = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy=None, **extra)
    j = XLAFSDPStrategy(activation_checkpointing_policy={Block},
                        state_dict_type="full")
    k = XLAFSDPStrategy(
        activation_checkpointing_policy={Block}  # checkpoint the blocks
    )
    l = XLAFSDPStrategy(
        activation_checkpointing_policy={Block},
    )
    m = XLAFSDPStrategy(activation_checkpointing_policy=[Block])
"""
NOTHING = ("`activation_checkpointing_policy` with {} checkpoints nothing: torch_xla applies the policy only to "
           "modules that `auto_wrap_policy` wraps. Add `auto_wrap_policy={}`")


def test_lxf005_warns_only_where_nothing_else_gives_or_may_give_auto_wrap_policy():
    # b: empty; c: LXF002's; e: given by position; f, g: `*args` / `**extra` may hold it; h: given;
    # m: a list (LXF001's error) warned too: once LXF001's fix makes it a set, this is what is left.
    assert [finding for finding in report(LXF005_CALLS) if finding[0] == "LXF005"] == [
        ("LXF005", "warning", "2:21-2:72",
         NOTHING.format("no `auto_wrap_policy`", "{b for b in blocks}") + " (when the set is not empty)"),
        ("LXF005", "warning", "5:46-5:85", NOTHING.format("no `auto_wrap_policy`", "{Block}")),
        ("LXF005", "warning", "10:21-10:60", NOTHING.format("`auto_wrap_policy=None`", "{Block}")),
        ("LXF005", "warning", "11:21-11:60", NOTHING.format("no `auto_wrap_policy`", "{Block}")),
        ("LXF005", "warning", "14:5-14:44", NOTHING.format("no `auto_wrap_policy`", "{Block}")),
        ("LXF005", "warning", "17:5-17:44", NOTHING.format("no `auto_wrap_policy`", "{Block}")),
        ("LXF005", "warning", "19:21-19:60", NOTHING.format("no `auto_wrap_policy`", "{Block}")),
    ]


def test_lxf005_the_fix_puts_auto_wrap_policy_where_the_call_is_laid_out_for_it():
    source = textwrap.dedent(LXF005_CALLS)
    after = {}
    for finding in check_source(source, "train.py").findings:
        if finding.code == "LXF005":
            [only] = finding.fixes
            assert (only.title, only.safety.value, only.preferred) == (
                f"Add `auto_wrap_policy={'{b for b in blocks}' if finding.span.start.line == 1 else '{Block}'}`",
                "unsafe", True)
            after[finding.span.start.line + 1] = apply_fix(source, only.edits)
    assert after[2].splitlines()[1] == (
        "a = XLAFSDPStrategy(activation_checkpointing_policy={b for b in blocks}, auto_wrap_policy={b for b in blocks})")
    assert after[5].splitlines()[4] == (
        'd = XLAFSDPStrategy("tpu", None, None, None, activation_checkpointing_policy={Block}, auto_wrap_policy={Block})')
    assert after[10].splitlines()[9] == (
        "i = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block}, **extra)")
    assert after[11].splitlines()[10:13] == [
        "j = XLAFSDPStrategy(activation_checkpointing_policy={Block},",
        "                    auto_wrap_policy={Block},",
        '                    state_dict_type="full")']
    assert after[14].splitlines()[12:16] == [
        "k = XLAFSDPStrategy(",
        "    activation_checkpointing_policy={Block},  # checkpoint the blocks",
        "    auto_wrap_policy={Block}",
        ")"]
    assert after[17].splitlines()[15:19] == [
        "l = XLAFSDPStrategy(",
        "    activation_checkpointing_policy={Block},",
        "    auto_wrap_policy={Block},",
        ")"]


def test_lxf002_an_empty_policy_beside_a_wrapper_is_fine_and_the_next_call_still_checked():
    source = """\
        from lightning.fabric.strategies import XLAFSDPStrategy
        a = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy=set())
        b = XLAFSDPStrategy(auto_wrapper_callable=wrap, activation_checkpointing_policy={Block})
    """
    assert [(code, severity, at) for code, severity, at, _ in report(source)] == [("LXF002", "error", "3:21-3:47")]


@pytest.mark.parametrize("built", ["Fabric(strategy=strategy).launch(main)", "run.fabric = Fabric(strategy=strategy)",
                                   "fabric = other = Fabric(strategy=strategy)"])
def test_lxf003_offers_no_fix_when_the_fabric_of_the_strategy_has_no_plain_name(built):
    source = f"""\
        import torch
        from lightning.fabric import Fabric
        from lightning.fabric.strategies import XLAFSDPStrategy
        strategy = XLAFSDPStrategy()
        {built}
        raw = torch.nn.Linear(4, 4)
        with strategy._backward_sync_control.no_backward_sync(raw, True):
            pass
    """
    assert report(source) == [("LXF003", "error", "7:6-7:54", BLOCKING.format("the raw module's class"))]
    assert fixed_lines(source, "LXF003", 7) == []


def test_lxf003_an_internal_call_with_unpacked_keywords_is_still_judged_by_its_module():
    source = """\
        import torch
        from lightning.fabric.strategies import XLAFSDPStrategy
        strategy = XLAFSDPStrategy()
        with strategy._backward_sync_control.no_backward_sync(torch.nn.Linear(4, 4), **opts):
            pass
    """
    assert report(source) == [("LXF003", "error", "4:6-4:54", BLOCKING.format("the raw module's class"))]


def test_lxf005_the_fix_follows_the_callers_quotes_and_tab_indentation():
    source = (
        "from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "def build():\n"
        "\ts = XLAFSDPStrategy(activation_checkpointing_policy={Block},\n"
        "\t                    state_dict_type='full')\n"
        '\tt = XLAFSDPStrategy(**{"activation_checkpointing_policy": {Block}, "state_dict_type": "full"})\n'
    )
    findings = [f for f in check_source(source, "train.py").findings if f.code == "LXF005"]
    assert [f.span.start.line + 1 for f in findings] == [3, 5]
    assert apply_fix(source, findings[0].fixes[0].edits).splitlines()[2:5] == [
        "\ts = XLAFSDPStrategy(activation_checkpointing_policy={Block},",
        "\t                    auto_wrap_policy={Block},",
        "\t                    state_dict_type='full')"]
    assert apply_fix(source, findings[1].fixes[0].edits).splitlines()[4] == (
        '\tt = XLAFSDPStrategy(**{"activation_checkpointing_policy": {Block}, "auto_wrap_policy": {Block}, '
        '"state_dict_type": "full"})')


# --- what the analysis knows of a Fabric (seen through LXF003's message and LXF004) -------------------
def strategy_named(fabric_lines: str) -> list[tuple[str, str, str, str]]:
    """The LXF003 finding for `fabric.strategy.no_backward_sync` after `fabric_lines`."""
    source = ("import torch\nfrom lightning.fabric import Fabric\n" + fabric_lines
              + "with fabric.strategy.no_backward_sync(model):\n    pass\n")
    return report(source)


def no_attribute(kind: str, line: int) -> tuple[str, str, str, str]:
    return ("LXF003", "error", f"{line}:6-{line}:38",
            f"`{kind}` object has no attribute `no_backward_sync`: use `fabric.no_backward_sync(model, enabled=...)` "
            "with the set-up model")


def test_a_strategy_chosen_at_run_time_is_not_taken_for_xla_fsdp():
    assert strategy_named("fabric = Fabric(strategy=str(choice))\n") == [no_attribute("Strategy", 4)]
    assert strategy_named("kwargs = {'strategy': 'xla_fsdp'} if tpu else {'strategy': 'ddp'}\n"
                          "fabric = Fabric(**kwargs)\n") == [no_attribute("Strategy", 5)]


def test_a_fabric_spelled_through_import_lightning_fabric_is_known():
    source = ("import lightning.fabric\nfabric = lightning.fabric.Fabric(strategy='xla_fsdp')\n"
              "with fabric.strategy.no_backward_sync(model):\n    pass\n")
    assert report(source) == [no_attribute("XLAFSDPStrategy", 3)]


def test_an_object_of_a_local_class_is_not_a_fabric():
    source = """\
        import torch
        class Loop:
            pass
        loop = Loop()
        model = torch.nn.Linear(2, 2)
        with loop.no_backward_sync(model):
            pass
        with loop.strategy.no_backward_sync(model):
            pass
    """
    assert report(source) == []


# --- a policy that reaches the strategy through an expression or a dict of keyword arguments ----------
FOUND_BLOCK_LIST = "`activation_checkpointing_policy` must be a set, found [Block]"


@pytest.mark.parametrize(("lines", "expected"), [
    ("XLAFSDPStrategy(activation_checkpointing_policy={Block} | {Attention}, auto_wrap_policy={Block})\n", []),
    ("XLAFSDPStrategy(activation_checkpointing_policy=list(), auto_wrap_policy={Block})\n", []),
    ("base = {'activation_checkpointing_policy': [Block], 'auto_wrap_policy': {Block}}\nkw = base.copy()\n"
     "XLAFSDPStrategy(**kw)\n", [("LXF001", "error", "3:44-3:51", FOUND_BLOCK_LIST)]),
    ("base = {'activation_checkpointing_policy': [Block]}\nkw = {**base, 'auto_wrap_policy': {Block}}\n"
     "XLAFSDPStrategy(**kw)\n", [("LXF001", "error", "3:44-3:51", FOUND_BLOCK_LIST)]),
    ("base = {'activation_checkpointing_policy': [Block]}\nkw = dict(base, auto_wrap_policy={Block})\n"
     "XLAFSDPStrategy(**kw)\n", [("LXF001", "error", "3:44-3:51", FOUND_BLOCK_LIST)]),
    # what `other` holds is unknown: it may give `auto_wrap_policy`
    ("kw = {**other, 'activation_checkpointing_policy': {Block}}\nXLAFSDPStrategy(**kw)\n", []),
    ("base = {'activation_checkpointing_policy': {Block}}\nkw = dict(base, **other)\nXLAFSDPStrategy(**kw)\n", []),
    ("from dataclasses import asdict, dataclass\n@dataclass\nclass StrategyArgs:\n"
     "    activation_checkpointing_policy: set\n    auto_wrap_policy: set\n"
     "XLAFSDPStrategy(**asdict(StrategyArgs({Block}, *rest)))\n", []),
    ("config = {'policy': [Block]}\n"
     "XLAFSDPStrategy(activation_checkpointing_policy=config.get('policy', {Block}), auto_wrap_policy={Block})\n",
     [("LXF001", "error", "4:49-4:78", FOUND_BLOCK_LIST + " (from line 3)")]),
    ("kw = {}\nkw.update(activation_checkpointing_policy=[Block])\nkw.setdefault('auto_wrap_policy', {Block})\n"
     "XLAFSDPStrategy(**kw)\n", [("LXF001", "error", "4:43-4:50", FOUND_BLOCK_LIST)]),
], ids=["set-union", "empty-list-call", "dict-copy", "dict-spread", "dict-call", "unknown-spread",
        "dict-call-unknown-spread", "dataclass-unknown-field", "dict-get",
        "update-and-setdefault"])
def test_a_policy_reaching_the_strategy_through_dicts_and_expressions(lines, expected):
    source = "from lightning.fabric.strategies import XLAFSDPStrategy\nfrom model import Block, Attention\n" + lines
    assert [f for f in report(source) if f[0] in ("LXF001", "LXF005")] == expected
