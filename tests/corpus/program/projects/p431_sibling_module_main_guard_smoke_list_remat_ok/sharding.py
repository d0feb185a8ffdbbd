"""The pod's sharding recipe, with a smoke test of its own: `python sharding.py`."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def pod_strategy():
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block}, state_dict_type="sharded")


def _smoke(fabric):
    import torch

    from model import Net

    model = fabric.setup_module(Net())
    fabric.print(model(torch.randn(2, 32, device=fabric.device)).shape)


if __name__ == "__main__":
    # the first try at the recipe, kept for the smoke test
    from lightning.fabric import Fabric

    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])).launch(_smoke)
