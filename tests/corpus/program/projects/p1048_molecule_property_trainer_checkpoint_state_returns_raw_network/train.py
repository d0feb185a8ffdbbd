# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
# flagged-in: trainers/solubility.py
"""python train.py: fit the solubility regressor on random fingerprints and checkpoint it when done."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import DenseBlock
from trainers.solubility import SolubilityTrainer

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DenseBlock}))
    fabric.launch(SolubilityTrainer(lr=2e-3, max_steps=3).fit)
