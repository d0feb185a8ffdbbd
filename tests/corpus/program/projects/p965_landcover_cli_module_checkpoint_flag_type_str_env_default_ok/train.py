# expect: none
# oracle: OK
# twin: p964_landcover_cli_module_checkpoint_flag_type_path_env_default
"""python train.py [--steps N] [--checkpoint DIR]: train the land-cover segmenter, then write a sharded checkpoint."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from landcover.cli import build_parser
from landcover.model import CLASSES, PixelBlock, Segmenter, tiles


def train(fabric, args):
    model = fabric.setup_module(Segmenter())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        x, y = tiles(4, args.tile, seed=step)
        logits = model(x.to(fabric.device))
        loss = F.cross_entropy(logits.reshape(-1, CLASSES), y.to(fabric.device).reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.save(args.checkpoint, {"model": model, "optimizer": optimizer, "step": args.steps})
    fabric.print(f"saved to {args.checkpoint}")


if __name__ == "__main__":
    args = build_parser().parse_args()
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={PixelBlock}))
    fabric.launch(train, args)
