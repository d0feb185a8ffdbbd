"""Builds the Fabric for a job from its config mapping."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import trainkit.sharding.policies as policies
from trainkit.utils.numbers import human, parse_count


def build_fabric(job):
    sharding = job["sharding"]
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=policies.size_policy(sharding["min_params"], backend="xla"),
        state_dict_type=sharding.get("state_dict_type", "sharded"),
    )
    print(f"wrapping submodules with >= {human(parse_count(sharding['min_params']))} parameters")
    return Fabric(accelerator="tpu", precision=job.get("precision", "32-true"), strategy=strategy)
