"""Run configuration."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import ResidualMLPBlock

FABRIC_OPTIONS = {
    "strategy": XLAFSDPStrategy(auto_wrap_policy={ResidualMLPBlock}, state_dict_type="sharded"),
    "precision": "32-true",
}
