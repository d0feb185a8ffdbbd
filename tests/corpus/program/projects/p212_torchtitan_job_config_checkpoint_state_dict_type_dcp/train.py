# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: dcp
# flagged-in: titan/config_manager.py
"""python train.py [--section.key=value ...]: torchtitan's train loop with Fabric's XLA FSDP in place of FSDP2."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from titan.checkpoint import CheckpointManager
from titan.config_manager import ConfigManager
from titan.model import Transformer
from titan.parallelize import build_strategy


def main(fabric, job_config):
    training = job_config.training
    model = fabric.setup_module(Transformer())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=training.lr))
    checkpoint = CheckpointManager(fabric, {"model": model, "optimizer": optimizer}, job_config.checkpoint)
    for step in range(1, training.steps + 1):
        tokens = torch.randint(0, 64, (training.batch_size, training.seq_len + 1), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        checkpoint.save(step)
    checkpoint.load(training.steps)


if __name__ == "__main__":
    job_config = ConfigManager().parse_args()
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(job_config))
    fabric.launch(main, job_config)
