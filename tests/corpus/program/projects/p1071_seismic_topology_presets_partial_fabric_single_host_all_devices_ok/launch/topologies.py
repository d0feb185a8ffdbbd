"""Fabric factories by topology name: each fixes the accelerator and the devices; the caller adds the strategy."""
import functools

from lightning.fabric import Fabric

TOPOLOGIES = {
    "pod_slice": functools.partial(Fabric, accelerator="tpu", devices="auto", num_nodes=1),
    "single_host": functools.partial(Fabric, accelerator="tpu", devices="auto"),
}


def fabric_for(topology: str, **kwargs) -> Fabric:
    return TOPOLOGIES[topology](**kwargs)
