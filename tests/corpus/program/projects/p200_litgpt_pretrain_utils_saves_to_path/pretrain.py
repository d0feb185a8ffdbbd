# expect: LXF029
# oracle: RAISED _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, do those steps only if you t
# flagged-in: litgpt/utils.py
"""python pretrain.py: litgpt's pretraining loop, two steps on random tokens, on a TPU pod with XLA FSDP."""
import tempfile
from pathlib import Path
from typing import Optional

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from litgpt import GPT, Block, Config
from litgpt.utils import chunked_cross_entropy, num_parameters, save_checkpoint


def setup(model_name: str = "pythia-tiny", out_dir: Optional[Path] = None, max_steps: int = 2, lr: float = 4e-4):
    out_dir = out_dir or Path(tempfile.mkdtemp(prefix="pretrain-")) / model_name
    config = Config.from_name(model_name)
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision="bf16-true")
    fabric.launch(main, config, out_dir, max_steps, lr)


def main(fabric, config, out_dir, max_steps, lr):
    model = fabric.setup_module(GPT(config))
    fabric.print(f"Number of trainable parameters: {num_parameters(model):,}")
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.1))
    state = {"model": model, "optimizer": optimizer, "iter_num": 0}
    for state["iter_num"] in range(1, max_steps + 1):
        idx = torch.randint(0, config.vocab_size, (4, config.block_size + 1), device=fabric.device)
        loss = chunked_cross_entropy(model(idx[:, :-1]), idx[:, 1:])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    save_checkpoint(fabric, state, out_dir / f"step-{state['iter_num']:08d}" / "lit_model.pth")


if __name__ == "__main__":
    setup()
