# expect: none
# oracle: OK
# twin: p592_loop_module_sets_up_model_prepared_by_utils_again
"""python train.py: XLA FSDP training of the classifier."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine.loop import fit
from model import Block, Net
from utils.setup import prepare


def main(fabric):
    model, optimizer = prepare(fabric, Net())
    fit(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
