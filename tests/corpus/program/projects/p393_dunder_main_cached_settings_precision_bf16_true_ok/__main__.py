# expect: none
# oracle: OK
# twin: p392_dunder_main_cached_settings_precision_16_mixed
"""`python tinylm/` runs this folder's `__main__.py`: trains TinyLM with the cached settings."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from model import Block, TinyLM
from settings import get_settings


def train(fabric: Fabric) -> None:
    settings = get_settings()
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.lr))
    for _ in range(settings.steps):
        idx = torch.randint(0, 64, (4, 16), device=fabric.device)
        logits = model(idx)
        fabric.backward(F.cross_entropy(logits[:, :-1].flatten(0, 1), idx[:, 1:].flatten()))
        optimizer.step()
        optimizer.zero_grad()


def main() -> None:
    settings = get_settings()
    fabric = Fabric(
        accelerator=settings.accelerator,
        devices=settings.devices,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        precision=settings.precision,
    )
    fabric.launch(train)


if __name__ == "__main__":
    main()
