"""Turns the training arguments into the XLA-FSDP strategy."""
from lightning.fabric.strategies import XLAFSDPStrategy

from .plugins import precision_plugin


def layer_classes(model, names):
    return {type(m) for m in model.modules() if type(m).__name__ in names}


def build_strategy(args, model):
    return XLAFSDPStrategy(
        auto_wrap_policy=layer_classes(model, args.fsdp_transformer_layer_cls_to_wrap),
        precision=precision_plugin(args),
    )
