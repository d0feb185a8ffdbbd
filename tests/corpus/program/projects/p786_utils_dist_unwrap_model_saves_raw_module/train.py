# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
# flagged-in: recsys/utils/dist.py
"""Click-through-rate model on TPU; the loop and its checkpoint helper live in the recsys package."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim import Adagrad

from recsys.engine.loop import fit
from recsys.model import ContentEncoder, CTRModel

CKPT_DIR = "checkpoints"


def main(fabric, epochs=1, steps_per_epoch=2):
    encoder = ContentEncoder().eval().to(fabric.device)
    model = fabric.setup_module(CTRModel())
    optimizer = fabric.setup_optimizers(Adagrad(model.parameters(), lr=0.05))
    fit(fabric, model, optimizer, encoder, epochs, steps_per_epoch, CKPT_DIR)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(main)
