# expect: none
# oracle: OK
# twin: p1282_ticket_intent_classifier_optimizer_built_before_setup_module
"""python train.py: fine-tune a small transformer to route support tickets to one of four intents on a TPU VM."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset

from configs import TrainConfig
from data import LABELS, VOCAB, make_split
from models import EncoderLayer, TicketClassifier
from optim import build_optimizer, build_scheduler


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    correct = seen = 0
    for tokens, labels in loader:
        correct += (model(tokens).argmax(-1) == labels).sum()
        seen += labels.numel()
    model.train()
    return (correct / seen).item()


def main(fabric, cfg):
    fabric.seed_everything(1234)
    train_set = TensorDataset(*make_split(256, cfg.model.max_len, seed=0))
    val_set = TensorDataset(*make_split(64, cfg.model.max_len, seed=1))
    train_loader, val_loader = fabric.setup_dataloaders(
        DataLoader(train_set, batch_size=cfg.batch_size, shuffle=True, drop_last=True),
        DataLoader(val_set, batch_size=cfg.batch_size),
    )

    model = TicketClassifier(len(VOCAB) + 2, len(LABELS), cfg.model)
    model = fabric.setup_module(model)
    optimizer = build_optimizer(model, cfg.optim)
    optimizer = fabric.setup_optimizers(optimizer)
    scheduler = build_scheduler(optimizer, cfg.optim)

    step = 0
    for tokens, labels in train_loader:
        loss = F.cross_entropy(model(tokens), labels, label_smoothing=0.1)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=cfg.clip_norm)
        optimizer.step()
        optimizer.zero_grad()
        scheduler.step()
        step += 1
        fabric.print(f"step {step}: loss {loss.item():.3f} lr {scheduler.get_last_lr()[0]:.2e}")
        if step % cfg.eval_every == 0:
            fabric.print(f"  val accuracy {evaluate(model, val_loader):.2%}")
        if step >= cfg.steps:
            break


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="32-true", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}))
    fabric.launch(main, TrainConfig())
