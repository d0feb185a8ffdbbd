"""Keyword arguments of the run's Fabric and XLAFSDPStrategy; `precision.enable_bf16` and friends edit them in place."""
from galaxy.model import DenseStage

FABRIC_KW = {"accelerator": "tpu", "devices": "auto", "plugins": []}
STRATEGY_KW = {"auto_wrap_policy": {DenseStage}, "state_dict_type": "sharded"}
