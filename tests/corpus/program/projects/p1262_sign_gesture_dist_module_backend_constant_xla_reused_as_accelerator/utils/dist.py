"""Distributed setup, kept from the torch_xla version of this project (xmp.spawn + init_process_group)."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

BACKEND = "xla"  # torch.distributed backend on TPU VMs
WORLD = "auto"  # all cores of the host


def build_fabric(wrap_blocks, precision="32-true"):
    strategy = XLAFSDPStrategy(auto_wrap_policy=set(wrap_blocks), state_dict_type="sharded")
    return Fabric(accelerator=BACKEND, devices=WORLD, strategy=strategy, precision=precision)


def is_main(fabric):
    return fabric.global_rank == 0
