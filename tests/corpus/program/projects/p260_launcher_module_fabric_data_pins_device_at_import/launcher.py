"""The run's one Fabric, built when this module is first imported: every module does `from launcher import FABRIC`."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
