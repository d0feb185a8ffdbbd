# expect: none
# oracle: OK
# twin: p748_torchtitan_checkpoint_manager_saves_pathlib_folder_from_job_config
"""torchtitan's train.py for a Llama debug model, ported to Lightning Fabric with XLA FSDP on a TPU VM."""
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from checkpoint import CheckpointManager
from config_manager import JobConfig
from models import model_name_to_cls, models_config
from parallelize import build_strategy


def main(fabric: Fabric, job_config: JobConfig):
    fabric.seed_everything(0)
    model_args = models_config[job_config.model.name][job_config.model.flavor]
    model = fabric.setup_module(model_name_to_cls[job_config.model.name](model_args))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=job_config.training.lr, fused=False))
    checkpoint = CheckpointManager(fabric, {"model": model, "optimizer": optimizer}, job_config)

    train_cfg = job_config.training
    for step in range(1, train_cfg.steps + 1):
        t0 = time.perf_counter()
        tokens = torch.randint(0, model_args.vocab_size, (train_cfg.batch_size, train_cfg.seq_len + 1), device=fabric.device)
        pred = model(tokens[:, :-1])
        loss = F.cross_entropy(pred.flatten(0, 1), tokens[:, 1:].flatten(0, 1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=train_cfg.max_norm)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step: {step}  loss: {loss.item():.4f}  time: {time.perf_counter() - t0:.3f}s")
        checkpoint.save(step, force=(step == train_cfg.steps))
    fabric.print("Training completed")


if __name__ == "__main__":
    config = JobConfig.parse_args()
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=build_strategy(config), precision="32-true")
    fabric.launch(main, config)
