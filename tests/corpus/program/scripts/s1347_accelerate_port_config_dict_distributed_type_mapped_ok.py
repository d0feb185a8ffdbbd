# expect: none
# oracle: OK
# twin: s1346_accelerate_port_config_dict_distributed_type_lowercased
"""An Accelerate text-classification script moved to Fabric + XLA FSDP; the launch settings still come from the
`accelerate config` answers (pasted below), and `accelerator.accumulate` became `fabric.no_backward_sync`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

# ~/.cache/huggingface/accelerate/default_config.yaml from the TPU VM
ACCELERATE_CONFIG = {
    "compute_environment": "LOCAL_MACHINE",
    "distributed_type": "XLA",
    "downcast_bf16": "no",
    "mixed_precision": "no",
    "num_machines": 1,
    "num_processes": 8,
    "use_cpu": False,
}
HPARAMS = {"lr": 3e-4, "num_epochs": 1, "batch_size": 8, "gradient_accumulation_steps": 2, "vocab": 500, "seq_len": 24}
PRECISIONS = {"no": "32-true", "bf16": "bf16-true", "fp16": "16-true"}
ACCELERATORS = {"XLA": "tpu", "MULTI_GPU": "cuda", "NO": "cpu"}


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab, dim=64, num_labels=2):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim)
        self.head = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, num_labels))

    def forward(self, input_ids):
        return self.head(self.embed(input_ids))


def fabric_from_accelerate_config(cfg):
    """What `Accelerator()` would have read from the config file, spelled as Fabric arguments."""
    accelerator = "cpu" if cfg["use_cpu"] else ACCELERATORS[cfg["distributed_type"]]
    return Fabric(
        accelerator=accelerator,
        devices=cfg["num_processes"],
        precision=PRECISIONS[cfg["mixed_precision"]],
        strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}),
    )


def training_function(fabric, hp):
    fabric.seed_everything(42)
    ids = torch.randint(0, hp["vocab"], (64, hp["seq_len"]))
    labels = (ids[:, 0] % 2).long()
    train_dataloader = fabric.setup_dataloaders(DataLoader(TensorDataset(ids, labels), batch_size=hp["batch_size"], shuffle=True))
    model = fabric.setup_module(BagOfEmbeddings(hp["vocab"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=hp["lr"]))
    lr_scheduler = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=1.0, end_factor=0.1, total_iters=8)
    accum = hp["gradient_accumulation_steps"]
    for epoch in range(hp["num_epochs"]):
        model.train()
        for step, (input_ids, target) in enumerate(train_dataloader):
            sync_gradients = (step + 1) % accum == 0
            with fabric.no_backward_sync(model, enabled=not sync_gradients):
                loss = F.cross_entropy(model(input_ids), target) / accum
                fabric.backward(loss)
            if sync_gradients:
                fabric.clip_gradients(model, optimizer, max_norm=1.0)
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()
        fabric.print(f"epoch {epoch}: last loss {loss.item() * accum:.4f}")


def main():
    fabric = fabric_from_accelerate_config(ACCELERATE_CONFIG)
    fabric.launch(training_function, HPARAMS)


if __name__ == "__main__":
    main()
