# expect: none
# oracle: OK
# twin: s1006_maml_example_run_keeps_cpu_accelerator_default
"""python train_fabric.py: Lightning's Fabric meta-learning example (MAML on Omniglot-style few-shot tasks) moved from `fabric run --accelerator=cpu --strategy=ddp` to XLA FSDP on a TPU VM.

learn2learn's MAML.clone() cannot copy an FSDP-sharded model, so the port adapts a zero-initialised head per task
(first-order MAML with the "zeroing trick"); the shared body is the sharded, meta-learned part.
"""
import argparse

import numpy as np
import torch
from torch import nn

from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy


class OmniglotFC(nn.Module):
    """l2l.vision.models.OmniglotFC without its classifier: the features the per-task head reads."""

    def __init__(self, input_size: int, sizes=(64, 32)) -> None:
        super().__init__()
        layers, prev = [nn.Flatten()], input_size
        for size in sizes:
            layers += [nn.Linear(prev, size), nn.BatchNorm1d(size, affine=True, momentum=0.999, eps=1e-3), nn.ReLU()]
            prev = size
        self.features = nn.Sequential(*layers)
        self.out_features = prev

    def forward(self, x):
        return self.features(x)


class TaskSampler:
    """Stands in for l2l.vision.benchmarks.get_tasksets("omniglot", ...).train / .validation."""

    def __init__(self, ways: int, samples: int, seed: int, side: int = 12) -> None:
        self.ways, self.samples, self.side = ways, samples, side
        self.g = torch.Generator().manual_seed(seed)

    def sample(self):
        prototypes = torch.randn(self.ways, 1, self.side, self.side, generator=self.g)
        data = prototypes.repeat_interleave(self.samples, 0)
        data = data + 0.3 * torch.randn(data.shape, generator=self.g)
        labels = torch.arange(self.ways).repeat_interleave(self.samples)
        return data, labels


def accuracy(predictions, targets):
    predictions = predictions.argmax(dim=1).view(targets.shape)
    return (predictions == targets).sum().float() / targets.size(0)


def fast_adapt(batch, body, loss, adaptation_steps, shots, ways, fast_lr):
    data, labels = batch
    # Separate data into adaptation/evalutation sets
    adaptation_indices = np.zeros(data.size(0), dtype=bool)
    adaptation_indices[np.arange(shots * ways) * 2] = True
    evaluation_indices = torch.from_numpy(~adaptation_indices)
    adaptation_indices = torch.from_numpy(adaptation_indices)
    adaptation_data, adaptation_labels = data[adaptation_indices], labels[adaptation_indices]
    evaluation_data, evaluation_labels = data[evaluation_indices], labels[evaluation_indices]

    # Adapt the (zero-initialised) head on the support set; first order: the body's features are constants here
    with torch.no_grad():
        support = body(adaptation_data)
    head = torch.zeros(ways, body.out_features, device=support.device)
    with torch.enable_grad():  # the meta-validation pass runs under no_grad
        for _ in range(adaptation_steps):
            head.requires_grad_()
            train_error = loss(support @ head.t(), adaptation_labels)
            (grad,) = torch.autograd.grad(train_error, head)
            head = (head - fast_lr * grad).detach()

    # Evaluate the adapted model
    predictions = body(evaluation_data) @ head.t()
    valid_error = loss(predictions, evaluation_labels)
    valid_accuracy = accuracy(predictions, evaluation_labels)
    return valid_error, valid_accuracy


def main(fabric, ways, shots, meta_lr, fast_lr, meta_batch_size, adaptation_steps, num_iterations, seed):
    meta_batch_size = meta_batch_size // fabric.world_size
    seed_everything(seed + fabric.global_rank)

    train_tasks = TaskSampler(ways, 2 * shots, seed)
    valid_tasks = TaskSampler(ways, 2 * shots, seed + 1)

    # Create model
    body = fabric.setup_module(OmniglotFC(12**2))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(body.parameters(), meta_lr))
    loss = torch.nn.CrossEntropyLoss(reduction="mean")

    for iteration in range(num_iterations):
        optimizer.zero_grad()
        meta_train_error = 0.0
        meta_train_accuracy = 0.0
        meta_valid_error = 0.0
        meta_valid_accuracy = 0.0
        for task in range(meta_batch_size):
            # Compute meta-training loss
            batch = fabric.to_device(train_tasks.sample())
            evaluation_error, evaluation_accuracy = fast_adapt(batch, body, loss, adaptation_steps, shots, ways, fast_lr)
            fabric.backward(evaluation_error / meta_batch_size)
            meta_train_error += evaluation_error.item()
            meta_train_accuracy += evaluation_accuracy.item()

            # Compute meta-validation loss
            batch = fabric.to_device(valid_tasks.sample())
            with torch.no_grad():
                evaluation_error, evaluation_accuracy = fast_adapt(batch, body, loss, adaptation_steps, shots, ways, fast_lr)
            meta_valid_error += evaluation_error.item()
            meta_valid_accuracy += evaluation_accuracy.item()

        # Print some metrics
        fabric.print("\n")
        fabric.print("Iteration", iteration)
        fabric.print("Meta Train Error", meta_train_error / meta_batch_size)
        fabric.print("Meta Train Accuracy", meta_train_accuracy / meta_batch_size)
        fabric.print("Meta Valid Error", meta_valid_error / meta_batch_size)
        fabric.print("Meta Valid Accuracy", meta_valid_accuracy / meta_batch_size)

        # the gradients were averaged over the tasks by the division above
        optimizer.step()


def run(
    ways=5,
    shots=1,
    meta_lr=0.003,
    fast_lr=0.5,
    meta_batch_size=2,
    adaptation_steps=1,
    num_iterations=2,
    seed=42,
    accelerator="tpu",
    devices="auto",
):
    # Create the Fabric object; XLA FSDP instead of the example's DDP
    fabric = Fabric(accelerator=accelerator, devices=devices, strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(main, ways, shots, meta_lr, fast_lr, meta_batch_size, adaptation_steps, num_iterations, seed)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="MAML with Fabric")
    parser.add_argument("--ways", type=int, default=5)
    parser.add_argument("--shots", type=int, default=1)
    parser.add_argument("--num-iterations", dest="num_iterations", type=int, default=2)
    run(**vars(parser.parse_args()))
