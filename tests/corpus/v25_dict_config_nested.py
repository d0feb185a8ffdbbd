# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
# findings: LXF001 error 34
"""Config-as-dict training script (the format our YAML loader produces), FSDP options splatted in."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.gelu(self.fc(self.norm(x)))


def build_model(cfg):
    m = cfg["model"]
    return nn.Sequential(nn.Embedding(m["vocab"], m["dim"]), *[Block(m["dim"]) for _ in range(m["depth"])],
                         nn.Linear(m["dim"], m["vocab"]))


CONFIG = {
    "model": {"vocab": 40, "dim": 32, "depth": 2},
    "optim": {"lr": 5e-4, "weight_decay": 0.01},
    "fsdp": {
        "auto_wrap_policy": {Block},
        "activation_checkpointing_policy": [Block],
        "state_dict_type": "sharded",
    },
    "trainer": {"accelerator": "tpu", "devices": "auto", "precision": "32-true", "steps": 2},
}


def train(fabric, cfg):
    model = fabric.setup_module(build_model(cfg))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), **cfg["optim"]))
    vocab = cfg["model"]["vocab"]
    for _ in range(cfg["trainer"]["steps"]):
        x = torch.randint(0, vocab, (2, 8), device=fabric.device)
        loss = F.cross_entropy(model(x).view(-1, vocab), x.view(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fsdp_kwargs = CONFIG["fsdp"]
    strategy = XLAFSDPStrategy(**fsdp_kwargs)
    trainer_cfg = CONFIG["trainer"]
    fabric = Fabric(
        accelerator=trainer_cfg["accelerator"],
        devices=trainer_cfg["devices"],
        precision=trainer_cfg["precision"],
        strategy=strategy,
    )
    fabric.launch(train, CONFIG)
