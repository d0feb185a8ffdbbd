# expect: none
# oracle: OK
# twin: p121_fsdp_kwargs_module_list_comprehension_remat
"""python pretrain.py: litgpt-style pretraining entry; the strategy's knobs live in fsdp_config.py."""
import lightning as L
import torch
from lightning.fabric.strategies.xla_fsdp import XLAFSDPStrategy

from fsdp_config import FSDP_KWARGS
from model import GPT

hparams = {"n_layer": 2, "learning_rate": 6e-4, "max_iters": 2, "micro_batch_size": 8}


def main(fabric: L.Fabric, hparams: dict) -> None:
    fabric.seed_everything(1337)
    with fabric.init_module():
        model = GPT(n_layer=hparams["n_layer"])
    model = fabric.setup_module(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=hparams["learning_rate"])
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(hparams["max_iters"]):
        x = torch.randn(hparams["micro_batch_size"], 32, device=fabric.device)
        y = torch.randint(0, 4, (hparams["micro_batch_size"],), device=fabric.device)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"final loss {loss.item():.4f}")


def setup() -> None:
    strategy = XLAFSDPStrategy(**FSDP_KWARGS)
    fabric = L.Fabric(accelerator="tpu", devices="auto", strategy=strategy, precision="bf16-true")
    fabric.launch(main, hparams)


if __name__ == "__main__":
    setup()
