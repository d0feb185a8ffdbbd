"""The cards of the three seed records as a user must see them (written out by hand): the seed's own text
where it holds, errata's corrected text where it does not, and a plain list of what the seed got wrong."""

XF = "lightning/fabric/strategies/xla_fsdp.py"
TAG = "https://github.com/Lightning-AI/pytorch-lightning/blob/2.6.5/src/lightning/fabric/strategies/xla_fsdp.py"
# No environment and no pin where the tests run: the card says so.
UNKNOWN = "**Your environment.** lightning unknown (no environment, lockfile or pin found); the newest release errata covers, 2.6.6, is assumed."
LINK_FIX = ("commit 9fed5c27d2 is not in pytorch-lightning's history, so the link now opens the 2.6.5 release tag, "
            "whose xla_fsdp.py is byte-identical to 2.6.6's")

SEED_000 = "\n".join([
    "### TypeError: Blocking backward sync is only possible if the module passed to `<class>.no_backward_sync` "
    "is wrapped in `XlaFullyShardedDataParallel`. Got: <module class>.",
    "",
    UNKNOWN,
    "",
    "**Corrected.** Checked against lightning 2.6.6, this record is wrong in 5 places; the card shows the corrected text.",
    "- The record says `XLAFSDPStrategy.no_backward_sync` exists and `fabric.strategy.no_backward_sync(raw_model, enabled=True)` "
    "raises this error; in lightning 2.6.6, `XLAFSDPStrategy` has no `no_backward_sync`: that call raises "
    "`AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'` (record e2eda8933f803fe4); "
    "this TypeError comes from the private `_backward_sync_control.no_backward_sync` "
    f"(source `{XF}:682`; labelled cases `5bae6b842267fa0d_trigger`, `5bae6b842267fa0d_before`, `5bae6b842267fa0d_raw-module`)",
    "- The record says passing the `fabric.setup()` output fixes it; in lightning 2.6.6, the control then gets the "
    "`_FabricModule` wrapper and still raises (`Got: _FabricModule`); the XLAFSDP module is `model._forward_module`, "
    "which `fabric.no_backward_sync(model)` passes for you (source `lightning/fabric/fabric.py:785`, "
    "`lightning/fabric/fabric.py:786`; labelled cases `5bae6b842267fa0d_solution-1`, `5bae6b842267fa0d_fixed`)",
    "- The record says `assert isinstance(model, XlaFullyShardedDataParallel)` accepts the `fabric.setup()` output; "
    "in lightning 2.6.6, the `fabric.setup()` output is a `_FabricModule`, so that assertion rejects the correct object "
    "(labelled case `5bae6b842267fa0d_validation`)",
    "- The record says the DDP strategy accepts any module; in lightning 2.6.6, DDP's backward-sync control raises the "
    "same TypeError for a module that is not `DistributedDataParallel` (source `lightning/fabric/strategies/ddp.py:254`)",
    "- The record says its source link pins commit 9fed5c27d2 of pytorch-lightning; in lightning 2.6.6, the raising "
    f"line is xla_fsdp.py:682 and the file ends at line 687 (the link ran to 688); {LINK_FIX} (source `{XF}:682`)",
    "",
    "**What it means.** The XLAFSDP strategy's backward-sync control, "
    "`fabric.strategy._backward_sync_control.no_backward_sync(module, enabled)`, returns a context manager that defers "
    "gradient synchronization by calling `module.no_sync()`, which only `XlaFullyShardedDataParallel` has. Given any "
    "other module while `enabled` is true (the raw `nn.Module`, or the `_FabricModule` wrapper that `fabric.setup` "
    "returns), it raises this TypeError. `fabric.no_backward_sync(model)` hands it the inner XLAFSDP module, so the "
    "public API does not reach this line.",
    "",
    "**When it happens.** `fabric.strategy._backward_sync_control.no_backward_sync(module, True)` (a private API) where "
    "`module` is not an `XlaFullyShardedDataParallel`: the raw model, and also the `_FabricModule` that `fabric.setup` "
    "returns. `fabric.strategy.no_backward_sync(...)` never gets here: the strategy has no such method. Calling the "
    "strategy's private backward-sync control in a gradient-accumulation loop, with the raw model or with the object "
    "`fabric.setup` returned.",
    "",
    "**Solutions.**",
    "1. Use Fabric's own method with the set-up model: `model = fabric.setup(model)`, then "
    "`with fabric.no_backward_sync(model, enabled=is_accumulating):`. Fabric hands the inner XLAFSDP module to the "
    "strategy for you.",
    "2. If you must call the private control, give it the inner module: "
    "`fabric.strategy._backward_sync_control.no_backward_sync(model._forward_module, True)`.",
    "",
    "**Example fix.**",
    "```python",
    "# before",
    "model = fabric.setup(MyModel())",
    "with fabric.strategy._backward_sync_control.no_backward_sync(model, True):",
    "    ...",
    "",
    "# after",
    "model = fabric.setup(MyModel())",
    "with fabric.no_backward_sync(model, enabled=True):",
    "    ...",
    "```",
    "",
    f"Raised at [src/lightning/fabric/strategies/xla_fsdp.py:682]({TAG}#L664-L687)",
])

SEED_003 = "\n".join([
    "### TypeError: `activation_checkpointing_policy` must be a set, found <policy>. You can try defining and passing "
    "`auto_wrapper_callable` instead.",
    "",
    UNKNOWN,
    "",
    "**Corrected.** Checked against lightning 2.6.6, this record is wrong in 5 places; the card shows the corrected text.",
    "- The record says `XLAFSDPStrategy(activation_checkpointing_policy=[MyBlock])` raises it; in lightning 2.6.6, the "
    "constructor and `Fabric(...)` accept a list; the check runs in `setup_module` (l.213 → `_parse_fsdp_kwargs` l.632 → "
    "l.663), at the `fabric.setup` line inside the launched function "
    f"(source `{XF}:213`, `{XF}:632`, `{XF}:663`; labelled cases `7c98b3e7e2bf13da_construct`, `7c98b3e7e2bf13da_trigger`)",
    "- The record says anything that is not a set is rejected; in lightning 2.6.6, falsy values (`[]`, `()`, `None`, "
    "`''`, `set()`) are silently ignored (`if not policy: return kwargs`) "
    f"(source `{XF}:656`; labelled case `7c98b3e7e2bf13da_falsy`)",
    "- The record says `activation_checkpointing_policy={TransformerBlock}` is the fix; in lightning 2.6.6, it removes "
    "the crash, but without `auto_wrap_policy` no module is checkpointed: torch_xla uses the wrapper Lightning builds "
    f"only when an `auto_wrap_policy` is given (source `{XF}:667`, "
    "`torch_xla/distributed/fsdp/xla_fully_sharded_data_parallel.py:344 (torch_xla 2.9.0)`; "
    "labelled cases `7c98b3e7e2bf13da_after`, `7c98b3e7e2bf13da_fixed`)",
    "- The record says define `auto_wrapper_callable` instead and omit the policy; in lightning 2.6.6, an "
    "`auto_wrapper_callable` alone is never called either: it needs an `auto_wrap_policy` beside it "
    "(source `torch_xla/distributed/fsdp/xla_fully_sharded_data_parallel.py:344 (torch_xla 2.9.0)`; "
    "labelled cases `7c98b3e7e2bf13da_solution-2`, `7c98b3e7e2bf13da_solution-2-fixed`)",
    "- The record says its source link pins commit 9fed5c27d2 of pytorch-lightning; in lightning 2.6.6, the raising "
    f"line is xla_fsdp.py:663; {LINK_FIX} (source `{XF}:663`)",
    "",
    "**What it means.** The activation_checkpointing_policy argument of XLAFSDPStrategy must be a set of module types "
    "(used to build the internal auto_wrapper). Passing any other type (a list, tuple, string, or a single class) "
    "triggers this TypeError, with a hint to fall back to auto_wrapper_callable for more flexible behavior.",
    "",
    "**When it happens.** `XLAFSDPStrategy(activation_checkpointing_policy=[MyBlock])` (a list), `=(MyBlock,)`, "
    "`=MyBlock` (a bare class), `='MyBlock'` or a `frozenset`: any truthy value that is not a `set`. The constructor "
    "and `Fabric(...)` accept it; the error comes at `fabric.setup(model)` / `fabric.setup_module(model)`, inside the "
    "launched function. Falsy values (`[]`, `()`, `None`, `''`) are ignored. Users naturally writing a list of layer "
    "classes; copying policies from tutorials that use different container types; passing a policy helper's return "
    "value that isn't a set.",
    "",
    "**Solutions.**",
    "1. Make the policy a set and wrap the same layers: "
    "`XLAFSDPStrategy(auto_wrap_policy={MyBlock}, activation_checkpointing_policy={MyBlock})`. Without "
    "`auto_wrap_policy` the set is accepted but nothing is checkpointed.",
    "2. For a predicate (e.g. matching by name), pass your own module-level `auto_wrapper_callable` together with an "
    "`auto_wrap_policy`, and omit `activation_checkpointing_policy`.",
    "",
    "**Example fix.**",
    "```python",
    "# before",
    "strategy = XLAFSDPStrategy(activation_checkpointing_policy=[TransformerBlock])",
    "",
    "# after",
    "strategy = XLAFSDPStrategy(",
    "    auto_wrap_policy={TransformerBlock},",
    "    activation_checkpointing_policy={TransformerBlock},",
    ")",
    "```",
    "",
    f"Raised at [src/lightning/fabric/strategies/xla_fsdp.py:663]({TAG}#L663)",
])

SEED_004 = "\n".join([
    "### ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one",
    "",
    UNKNOWN,
    "",
    "**Corrected.** Checked against lightning 2.6.6, this record is wrong in 4 places; the card shows the corrected text.",
    "- The record says its \"before\" (`partial(apply_activation_checkpointing, check_fn=lambda ...)`) raises this "
    "error; in lightning 2.6.6, the lambda cannot be pickled, so `fabric.launch` fails first with "
    "`_pickle.PicklingError` (record 9bd70f1cac665e7b); a module-level function reaches this ValueError "
    "(source `lightning/fabric/strategies/launchers/xla.py:83`; labelled cases `fc8e29955b1155a3_before`, "
    "`fc8e29955b1155a3_trigger`)",
    "- The record says its \"after\" (the policy alone) works; in lightning 2.6.6, it runs, but without "
    "`auto_wrap_policy` no module is checkpointed (the silent no-op of record e0240a24758f7a56) "
    "(source `torch_xla/distributed/fsdp/xla_fully_sharded_data_parallel.py:344 (torch_xla 2.9.0)`; "
    "labelled cases `fc8e29955b1155a3_after`, `fc8e29955b1155a3_fixed`)",
    "- The record says it happens when migrating from DDP/FSDP strategies where both were combined; in lightning "
    "2.6.6, `auto_wrapper_callable` is an argument of torch_xla's XLAFSDP only; no other Lightning strategy takes it, "
    f"so no DDP/FSDP config combines the two (source `{XF}:658`)",
    "- The record says its source link pins commit 9fed5c27d2 of pytorch-lightning; in lightning 2.6.6, the raising "
    f"line is xla_fsdp.py:659; {LINK_FIX} (source `{XF}:659`)",
    "",
    "**What it means.** Raised by _activation_checkpointing_kwargs (called from XLAFSDPStrategy kwargs parsing) when "
    "the user sets both activation_checkpointing_policy and an auto_wrapper_callable in the FSDP kwargs. The policy is "
    "implemented by building an auto_wrapper callable internally, so an explicit auto_wrapper_callable conflicts with "
    "it and only one may be provided.",
    "",
    "**When it happens.** `XLAFSDPStrategy(activation_checkpointing_policy={...}, auto_wrapper_callable=my_wrapper)`, "
    "also with `auto_wrapper_callable=None` or through `**fsdp_kwargs`. The error comes at `fabric.setup(model)` / "
    "`fabric.setup_module(model)` inside the launched function; a lambda in either argument fails earlier, at "
    "`fabric.launch`, with a PicklingError. Copying a torch_xla FSDP example that builds its own "
    "`auto_wrapper_callable` and then adding Lightning's `activation_checkpointing_policy` as well.",
    "",
    "**Solutions.**",
    "1. Keep the policy, drop `auto_wrapper_callable`, and wrap the same layers: "
    "`XLAFSDPStrategy(auto_wrap_policy={MyBlock}, activation_checkpointing_policy={MyBlock})`.",
    "2. Or drop `activation_checkpointing_policy` and do the checkpointing in your own module-level "
    "`auto_wrapper_callable`, with an `auto_wrap_policy` beside it.",
    "",
    "**Example fix.**",
    "```python",
    "# before",
    "strategy = XLAFSDPStrategy(",
    "    activation_checkpointing_policy={MyBlock},",
    "    auto_wrapper_callable=my_wrapper,",
    ")",
    "",
    "# after",
    "strategy = XLAFSDPStrategy(",
    "    auto_wrap_policy={MyBlock},",
    "    activation_checkpointing_policy={MyBlock},",
    ")",
    "```",
    "",
    f"Raised at [src/lightning/fabric/strategies/xla_fsdp.py:659]({TAG}#L659)",
])

# A message as the real library renders it (tests/kb_cases/labels.tsv), and the card it must bring up.
SEED_CARDS = {
    "5bae6b842267fa0d": (
        "TypeError: Blocking backward sync is only possible if the module passed to "
        "`_XLAFSDPBackwardSyncControl.no_backward_sync` is wrapped in `XlaFullyShardedDataParallel`. Got: _FabricModule.",
        SEED_000),
    "7c98b3e7e2bf13da": (
        "TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. "
        "You can try defining and passing `auto_wrapper_callable` instead.",
        SEED_003),
    "fc8e29955b1155a3": (
        "ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one",
        SEED_004),
}
