# expect: none
# oracle: OK
# twin: p1048_molecule_property_trainer_checkpoint_state_returns_raw_network
"""python train.py: fit the solubility regressor on random fingerprints and checkpoint it when done."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import DenseBlock
from trainers.solubility import SolubilityTrainer

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DenseBlock}))
    fabric.launch(SolubilityTrainer(lr=2e-3, max_steps=3).fit)
