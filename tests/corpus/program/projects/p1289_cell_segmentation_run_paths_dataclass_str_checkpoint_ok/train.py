# expect: none
# oracle: OK
# twin: p1288_cell_segmentation_run_paths_dataclass_pathlib_checkpoint
"""python train.py: two-stage cell segmentation: pre-train the U-Net on blurred masks, then fine-tune from that checkpoint."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from paths import RunPaths
from seg.data import cell_images, dice_loss
from seg.unet import DoubleConv, UNet

STAGES = {
    "pretrain": {"lr": 3e-3, "steps": 2, "blur_targets": True},
    "finetune": {"lr": 1e-3, "steps": 2, "blur_targets": False},
}


def fit_stage(fabric, model, optimizer, images, masks, stage):
    spec = STAGES[stage]
    for group in optimizer.param_groups:
        group["lr"] = spec["lr"]
    targets = F.avg_pool2d(masks, 3, stride=1, padding=1) if spec["blur_targets"] else masks
    for step in range(spec["steps"]):
        logits = model(images)
        loss = F.binary_cross_entropy_with_logits(logits, targets) + dice_loss(logits, targets)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        fabric.print(f"[{stage}] step {step}: loss {loss.item():.4f}")


def main(fabric, paths):
    fabric.seed_everything(11)
    images, masks = fabric.to_device(cell_images(16))
    model = fabric.setup_module(UNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "stage": "pretrain"}

    fit_stage(fabric, model, optimizer, images, masks, "pretrain")
    fabric.save(paths.stage_checkpoint("pretrain"), state)

    # fine-tuning normally runs as its own job, so it starts from the saved checkpoint
    fabric.load(paths.stage_checkpoint("pretrain"), state)
    state["stage"] = "finetune"
    fit_stage(fabric, model, optimizer, images, masks, "finetune")
    fabric.save(paths.stage_checkpoint("finetune"), state)
    fabric.print(f"checkpoints in {paths.checkpoints}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DoubleConv}))
    fabric.launch(main, RunPaths())
