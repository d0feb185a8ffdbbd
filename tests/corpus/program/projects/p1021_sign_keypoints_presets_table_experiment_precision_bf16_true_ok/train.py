# expect: none
# oracle: OK
# twin: p1020_sign_keypoints_presets_table_experiment_precision_16_mixed
"""python train.py: the sign classifier's fast ablation on the TPU preset."""
import torch
import torch.nn.functional as F

from builders import build_fabric
from configs import resolve
from model import SignClassifier, keypoint_clips


def train(fabric, cfg):
    data, optim = cfg["data"], cfg["optim"]
    model = fabric.setup_module(SignClassifier(data["frames"], data["joints"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=optim["lr"]))
    for step in range(optim["steps"]):
        clips, signs = keypoint_clips(data["batch"], data["frames"], data["joints"], seed=step)
        loss = F.cross_entropy(model(clips.to(fabric.device)), signs.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


def main():
    cfg = resolve("tpu_fsdp", "ablation_fast")
    fabric = build_fabric(cfg["fabric"])
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
