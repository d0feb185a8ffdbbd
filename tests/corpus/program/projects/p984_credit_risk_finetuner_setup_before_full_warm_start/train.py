# expect: LXF025
# oracle: RAISED ValueError: Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any XLAFSDP wrapper.
# flagged-in: train.py
"""python train.py: warm-start the risk scorer from the consolidated pretrained checkpoint and fine-tune it."""
import tempfile

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import STATE_DICT_TYPE, FinetuneConfig
from finetuner import Finetuner
from model import RiskBlock
from utils.pretrained import export_pretrained


def main(fabric, work_dir):
    cfg = FinetuneConfig()
    if fabric.global_rank == 0:
        export_pretrained(work_dir, cfg.features, cfg.hidden)
    fabric.barrier()
    tuner = Finetuner(fabric, cfg)
    tuner.setup()
    tuner.load_pretrained(f"{work_dir}/risk-pretrained.ckpt")
    loss = tuner.fit()
    fabric.print(f"fine-tune loss {loss:.4f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={RiskBlock}, state_dict_type=STATE_DICT_TYPE)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(main, tempfile.mkdtemp(prefix="risk-"))
