# expect: none
# oracle: OK
# twin: s1046_wrap_policy_class_registry_call_takes_nonwrapped_numel
"""Small U-Net-ish denoiser; the FSDP wrap policy is a callable class looked up by name in a registry and built with kwargs from the run config."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

WRAP_POLICIES = {}


def register_policy(name):
    def add(cls):
        WRAP_POLICIES[name] = cls
        return cls

    return add


@register_policy("size")
class MinParamsPolicy:
    """Wraps every submodule that owns at least `min_params` parameters not yet wrapped."""

    def __init__(self, min_params=10_000):
        self.min_params = min_params

    def __call__(self, module, recurse, unwrapped_params):
        if recurse:
            return True
        return unwrapped_params >= self.min_params


@register_policy("layers")
class LayerTypePolicy:
    def __init__(self, layer_types=()):
        self.layer_types = tuple(layer_types)

    def __call__(self, module, recurse, **kwargs):
        return recurse or isinstance(module, self.layer_types)


RUN = {"wrap": ("size", {"min_params": 2_000}), "lr": 1e-3, "steps": 3}


class DoubleConv(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(c_in, c_out, 3, padding=1), nn.ReLU(), nn.Conv2d(c_out, c_out, 3, padding=1), nn.ReLU())

    def forward(self, x):
        return self.body(x)


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = DoubleConv(1, 16)
        self.mid = DoubleConv(16, 32)
        self.up = DoubleConv(48, 16)
        self.out = nn.Conv2d(16, 1, 1)

    def forward(self, x):
        d = self.down(x)
        m = self.mid(F.max_pool2d(d, 2))
        u = self.up(torch.cat([d, F.interpolate(m, scale_factor=2.0)], dim=1))
        return self.out(u)


def fit(fabric, run):
    model = fabric.setup_module(Denoiser())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=run["lr"]))
    for step in range(run["steps"]):
        clean = torch.rand(4, 1, 16, 16, device=fabric.device)
        noisy = clean + 0.1 * torch.randn_like(clean)
        loss = F.l1_loss(model(noisy), clean)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"{step}: l1={loss.item():.4f}")


if __name__ == "__main__":
    policy_name, policy_kwargs = RUN["wrap"]
    policy = WRAP_POLICIES[policy_name](**policy_kwargs)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=policy))
    fabric.launch(fit, RUN)
