# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'forward_prefetch'
"""Speech-emotion classifier (1-D conv + attention pooling over log-mel frames) on TPU; sharding options come from `merge_dicts` over profiles."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def merge_dicts(*layers):
    """Later layers win; nested dicts are merged key by key."""
    result = {}
    for layer in layers:
        for key, value in layer.items():
            if isinstance(value, dict) and isinstance(result.get(key), dict):
                result[key] = merge_dicts(result[key], value)
            else:
                result[key] = value
    return result


class ConvStage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 5, padding=2)
        self.norm = nn.GroupNorm(4, cout)

    def forward(self, x):
        return F.gelu(self.norm(self.conv(x)))


class EmotionNet(nn.Module):
    def __init__(self, mels=40, width=64, emotions=6):
        super().__init__()
        self.stages = nn.Sequential(ConvStage(mels, width), ConvStage(width, width))
        self.score = nn.Linear(width, 1)
        self.head = nn.Linear(width, emotions)

    def forward(self, mel):  # (B, mels, frames)
        h = self.stages(mel).transpose(1, 2)
        weights = torch.softmax(self.score(h), dim=1)
        return self.head((weights * h).sum(1))


COMMON = {
    "fsdp": {"reshard_after_forward": True, "flatten_parameters": False},
    "optim": {"lr": 1e-3, "steps": 3, "batch": 12},
}

PROFILES = {
    "memory": {"fsdp": {"reshard_after_forward": True}, "optim": {"batch": 8}},
    # overlap the next all-gather with the current layer's compute
    "throughput": {"fsdp": {"reshard_after_forward": False, "forward_prefetch": True}, "optim": {"batch": 16}},
}


def make_strategy(fsdp_options):
    return XLAFSDPStrategy(auto_wrap_policy={ConvStage}, **fsdp_options)


def utterances(batch, seed):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, 6, (batch,), generator=gen)
    mel = torch.randn(batch, 40, 50, generator=gen) + labels[:, None, None] * 0.2
    return mel, labels


def train(fabric, optim):
    model = fabric.setup_module(EmotionNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=optim["lr"]))
    for step in range(optim["steps"]):
        mel, labels = utterances(optim["batch"], seed=step)
        loss = F.cross_entropy(model(mel.to(fabric.device)), labels.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    cfg = merge_dicts(COMMON, PROFILES["throughput"])
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(cfg["fsdp"]))
    fabric.launch(train, cfg["optim"])
