# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: shards
# flagged-in: cli.py
"""python train.py [--ckpt-format sharded|full]: train the news-topic classifier, save the last checkpoint, reload it to evaluate."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from cli import parse_args
from data import headlines
from model import Residual, TopicClassifier
from utils.checkpoint import load_last, save_last


def run(fabric, args):
    model = fabric.setup_module(TopicClassifier(args.vocab, args.hidden, args.topics))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        counts, topic = headlines(32, args.vocab, args.topics, seed=step)
        loss = F.cross_entropy(model(counts.to(fabric.device)), topic.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    save_last(fabric, args.out_dir, model, optimizer, args.steps)

    step = load_last(fabric, args.out_dir, model, optimizer)
    counts, topic = headlines(64, args.vocab, args.topics, seed=999)
    with torch.no_grad():
        acc = (model(counts.to(fabric.device)).argmax(-1).cpu() == topic).float().mean()
    fabric.print(f"step {step}: held-out accuracy {acc:.2f}")


if __name__ == "__main__":
    args = parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Residual}, state_dict_type=args.ckpt_format)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(run, args)
