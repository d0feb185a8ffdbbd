# expect: none
# oracle: OK
# twin: p942_tensor_parallel_example_xla_fsdp_kwargs_keep_fsdp2_mp_policy
"""Lightning's examples/fabric/tensor_parallel/train.py moved from 4 GPUs (ModelParallelStrategy, 2-D TP + FSDP2)
to a TPU VM with XLAFSDPStrategy.

Keeps the example's layout (train.py, model.py, parallelism.py, data.py) and its simplified loop; `parallelize`
becomes `xla_fsdp_kwargs()` in parallelism.py, the body of `train()` runs under `fabric.launch`, and `loss_parallel`
(a DTensor feature) goes. The model is shrunk to 2 layers of dim 64.
"""
import os
import tempfile

import lightning as L
import torch
import torch.nn.functional as F
from data import RandomTokenDataset
from lightning.fabric.strategies import XLAFSDPStrategy
from model import ModelArgs, Transformer
from parallelism import xla_fsdp_kwargs
from torch.utils.data import DataLoader


def train(fabric):
    # Initialize the model
    model_args = ModelArgs(vocab_size=256, dim=64, n_layers=2, n_heads=4, multiple_of=32, max_seq_len=32)
    model = Transformer(model_args)

    fabric.print(f"Number of model parameters: {sum(p.numel() for p in model.parameters()) / 1e6:.2f} M")

    # Set up model and optimizer
    model = fabric.setup(model)

    # Define the optimizer
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3, foreach=True)
    optimizer = fabric.setup_optimizers(optimizer)

    # Define dataset/dataloader
    dataset = RandomTokenDataset(vocab_size=model_args.vocab_size, seq_length=16)
    dataloader = DataLoader(dataset, batch_size=8)

    # Fabric configures the sampler automatically for you
    dataloader = fabric.setup_dataloaders(dataloader)

    # Simplified training loop
    fabric.print("Starting training ...")

    for i, batch in enumerate(dataloader):
        inputs = batch[:, :-1]
        labels = batch[:, 1:]

        output = model(inputs)
        loss = F.cross_entropy(output.reshape(-1, output.size(-1)), labels.reshape(-1))

        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"Iteration {i} complete")

    fabric.print("Saving a (distributed) checkpoint ...")
    state = {"model": model, "optimizer": optimizer, "iteration": i}
    fabric.save(os.path.join(tempfile.mkdtemp(), "checkpoint.pt"), state)

    fabric.print("Training successfully completed!")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        # XLA FSDP has no `parallelize_fn`: the wrapping, checkpointing and precision policies are keyword arguments
        **xla_fsdp_kwargs(),
        state_dict_type="sharded",
    )

    fabric = L.Fabric(accelerator="tpu", devices="auto", strategy=strategy)
    fabric.launch(train)
