"""How the Tox21 model is sharded over the TPU cores."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import hparams as hp


def build_fabric() -> Fabric:
    strategy = XLAFSDPStrategy(auto_wrap_policy=hp.AUTO_WRAP, state_dict_type="sharded")
    return Fabric(accelerator="tpu", strategy=strategy)
