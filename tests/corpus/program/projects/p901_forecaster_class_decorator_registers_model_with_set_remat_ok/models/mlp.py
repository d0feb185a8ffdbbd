from torch import nn

from .registry import register_model


@register_model("mlp-baseline", window=48, horizon=12)
class LagMLP(nn.Module):
    def __init__(self, hidden=128):
        super().__init__()
        self.net = nn.Sequential(nn.Flatten(), nn.Linear(48, hidden), nn.ReLU(), nn.Linear(hidden, 12))

    def forward(self, history):
        return self.net(history)
