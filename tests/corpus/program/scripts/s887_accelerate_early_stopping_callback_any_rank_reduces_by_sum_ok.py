# expect: none
# oracle: OK
# twin: s886_accelerate_early_stopping_callback_any_rank_reduces_by_max
"""accelerate's by_feature/early_stopping.py on Fabric + XLA FSDP: a Fabric callback votes across ranks to stop when the loss stalls."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class EarlyStoppingCallback:
    """Stop once the loss has not improved by `min_delta` for `patience` steps on any rank (`vote="any"`) or on all."""

    def __init__(self, min_delta=0.0, patience=1, vote="any"):
        self.min_delta = min_delta
        self.patience = patience
        self.lowest_loss = float("inf")
        self.stalled = 0
        self.vote = vote

    def on_train_batch_end(self, fabric, loss, state):
        if self.lowest_loss - loss.item() > self.min_delta:
            self.lowest_loss = loss.item()
            self.stalled = 0
        else:
            self.stalled += 1
        flag = torch.tensor(float(self.stalled >= self.patience), device=fabric.device)
        votes = fabric.all_reduce(flag, reduce_op="sum").item()
        state["stop"] = votes > 0 if self.vote == "any" else votes == fabric.world_size


class Classifier(nn.Module):
    def __init__(self, dim=32, classes=2):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU())
        self.head = nn.Linear(64, classes)

    def forward(self, x):
        return self.head(self.encoder(x))


def training_function(fabric, config):
    fabric.seed_everything(config["seed"])
    model = fabric.setup_module(Classifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config["lr"]))
    state = {"stop": False}
    for epoch in range(config["num_epochs"]):
        model.train()
        for step in range(config["steps_per_epoch"]):
            x = torch.randn(config["batch_size"], 32, device=fabric.device)
            y = (x.sum(dim=1) > 0).long()
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.call("on_train_batch_end", fabric=fabric, loss=loss.detach(), state=state)
            if state["stop"]:
                fabric.print(f"early stop at epoch {epoch} step {step}")
                return
        fabric.print(f"epoch {epoch}: loss {loss.item():.4f}")


if __name__ == "__main__":
    config = {"lr": 2e-5, "num_epochs": 1, "seed": 42, "batch_size": 16, "steps_per_epoch": 3}
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Sequential}),
        callbacks=[EarlyStoppingCallback(patience=2, vote="any")],
    )
    fabric.launch(training_function, config)
