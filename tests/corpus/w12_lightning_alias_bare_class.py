# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found <class '__main__.TransformerLayer'>. You can try defining and pas
# findings: LXF001 error 40
"""Everything through the top-level `import lightning as L`; the remat policy is a single class."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning as L


class TransformerLayer(nn.Module):
    def __init__(self, dim=16, heads=2):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.ln1 = nn.LayerNorm(dim)
        self.ln2 = nn.LayerNorm(dim)

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.ln2(x))


def train(fabric: L.Fabric):
    model = fabric.setup_module(nn.Sequential(TransformerLayer(), TransformerLayer()))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4))
    for _ in range(2):
        x = torch.randn(2, 5, 16, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = L.fabric.strategies.XLAFSDPStrategy(
        auto_wrap_policy={TransformerLayer},
        activation_checkpointing_policy=TransformerLayer,
    )
    fabric = L.Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
