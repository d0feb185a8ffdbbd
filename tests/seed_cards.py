"""The cards of the three seed records as a user must see them (written out by hand): the seed's own text
where it holds, errata's corrected text where it does not, and at the end a short list of what the seed
got wrong, each with the source line (or labelled case) that shows otherwise. The cards are Markdown:
a `<placeholder>` outside code is escaped, so the editor shows it instead of taking it for HTML."""

XF = "lightning/fabric/strategies/xla_fsdp.py"
TAG = "https://github.com/Lightning-AI/pytorch-lightning/blob/2.6.5/src/lightning/fabric/strategies/xla_fsdp.py"
# No environment and no pin where the tests run: the card says so.
UNKNOWN = "**Your environment.** lightning unknown (no environment, lockfile or pin found); the newest release errata covers, 2.6.6, is assumed."
SRC = "https://github.com/Lightning-AI/pytorch-lightning/blob/2.6.6/src/lightning/fabric"  # where corrections link
CORRECTED = "**Corrected.** Checked against lightning 2.6.6, the record is wrong in {} places; this card shows the corrected text. The record says:"
XLA_344 = "`torch_xla/distributed/fsdp/xla_fully_sharded_data_parallel.py:344 (torch_xla 2.9.0)`"

SEED_000 = "\n".join([
    "### TypeError: Blocking backward sync is only possible if the module passed to `<class>.no_backward_sync` "
    "is wrapped in `XlaFullyShardedDataParallel`. Got: \\<module class>.",
    "",
    UNKNOWN,
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
    "",
    CORRECTED.format(5),
    "- `XLAFSDPStrategy.no_backward_sync` exists and `fabric.strategy.no_backward_sync(raw_model, enabled=True)` raises "
    f"this error (not so: [xla_fsdp.py:682]({SRC}/strategies/xla_fsdp.py#L682))",
    f"- passing the `fabric.setup()` output fixes it (not so: [fabric.py:785]({SRC}/fabric.py#L785))",
    "- `assert isinstance(model, XlaFullyShardedDataParallel)` accepts the `fabric.setup()` output "
    "(not so: labelled case `5bae6b842267fa0d_validation`)",
    f"- the DDP strategy accepts any module (not so: [ddp.py:254]({SRC}/strategies/ddp.py#L254))",
    "- its source link pins commit 9fed5c27d2 of pytorch-lightning "
    f"(not so: [xla_fsdp.py:682]({SRC}/strategies/xla_fsdp.py#L682))",
])

SEED_003 = "\n".join([
    "### TypeError: `activation_checkpointing_policy` must be a set, found \\<policy>. You can try defining and passing "
    "`auto_wrapper_callable` instead.",
    "",
    UNKNOWN,
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
    "",
    CORRECTED.format(5),
    "- `XLAFSDPStrategy(activation_checkpointing_policy=[MyBlock])` raises it "
    f"(not so: [xla_fsdp.py:213]({SRC}/strategies/xla_fsdp.py#L213))",
    f"- anything that is not a set is rejected (not so: [xla_fsdp.py:656]({SRC}/strategies/xla_fsdp.py#L656))",
    "- `activation_checkpointing_policy={TransformerBlock}` is the fix "
    f"(not so: [xla_fsdp.py:667]({SRC}/strategies/xla_fsdp.py#L667))",
    f"- define `auto_wrapper_callable` instead and omit the policy (not so: {XLA_344})",
    "- its source link pins commit 9fed5c27d2 of pytorch-lightning "
    f"(not so: [xla_fsdp.py:663]({SRC}/strategies/xla_fsdp.py#L663))",
])

SEED_004 = "\n".join([
    "### ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one",
    "",
    UNKNOWN,
    "",
    "**What it means.** Raised by \\_activation_checkpointing_kwargs (called from XLAFSDPStrategy kwargs parsing) when "
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
    "",
    CORRECTED.format(4),
    "- its \"before\" (`partial(apply_activation_checkpointing, check_fn=lambda ...)`) raises this error "
    f"(not so: [xla.py:83]({SRC}/strategies/launchers/xla.py#L83))",
    f"- its \"after\" (the policy alone) works (not so: {XLA_344})",
    "- it happens when migrating from DDP/FSDP strategies where both were combined "
    f"(not so: [xla_fsdp.py:658]({SRC}/strategies/xla_fsdp.py#L658))",
    "- its source link pins commit 9fed5c27d2 of pytorch-lightning "
    f"(not so: [xla_fsdp.py:659]({SRC}/strategies/xla_fsdp.py#L659))",
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


def as_written(card: str) -> str:
    """The card as `errata-lsp explain` prints it on a terminal: the same Markdown without its escapes
    (a seed card has no backslash of its own)."""
    return card.replace("\\", "")
