# expect: none
# oracle: OK
# twin: p1264_legal_clause_tpu_port_rewrites_gpu_fsdp_cpu_offload_name_to_unregistered_xla_name
"""python train.py: fine-tune the clause classifier on a TPU VM, with the GPU cluster's settings ported by tpu_port."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from clauses.data import clause_batch
from clauses.model import ClauseClassifier
from settings import GPU, TRAIN
from tpu_port import tpu_settings


def train(fabric, hp):
    model = fabric.setup_module(ClauseClassifier(hp["vocab"], hp["max_tokens"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=hp["lr"]))
    for step in range(hp["steps"]):
        ids, labels = clause_batch(hp["batch_size"], hp["vocab"], hp["max_tokens"], seed=step)
        loss = F.cross_entropy(model(ids.to(fabric.device)), labels.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(**tpu_settings(GPU))
    fabric.launch(train, TRAIN)
