# expect: none
# oracle: OK
# twin: s1080_meta_learning_example_anil_accumulation_context_given_maml_head
"""
MAML (ANIL flavour) - Accelerated with Lightning Fabric, on a TPU VM with XLA FSDP

Follows examples/fabric/meta_learning/train_fabric.py (adapted from learn2learn's distributed_maml.py): tasksets,
`fast_adapt`, a meta-batch of tasks per iteration whose gradients are summed and then averaged before
`optimizer.step()`. Two changes for XLA FSDP: the fast weights cannot flow through `torch.autograd.grad` of a sharded
module, so only the head is adapted (ANIL: the set-up body is the shared feature extractor, learn2learn's
`MAML(head)` is copied below in a few lines), and cherry's `Distributed(sync=1)` optimizer is replaced by
skipping the gradient reduction until the last task of the meta-batch.
Omniglot is replaced by a synthetic few-shot task sampler (no download).
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric, seed_everything
from lightning.fabric.strategies import XLAFSDPStrategy


class MAML(nn.Module):
    """learn2learn's `l2l.algorithms.MAML`, cut down to a linear head adapted with functional fast weights."""

    def __init__(self, module: nn.Linear, lr: float, first_order: bool = False):
        super().__init__()
        self.module = module
        self.lr = lr
        self.first_order = first_order

    def forward(self, x):
        return self.module(x)

    def clone(self):
        return _Learner([self.module.weight, self.module.bias], self.lr, self.first_order)


class _Learner:
    def __init__(self, params, lr, first_order):
        self.params, self.lr, self.first_order = list(params), lr, first_order

    def __call__(self, x):
        return F.linear(x, *self.params)

    def adapt(self, loss):
        grads = torch.autograd.grad(loss, self.params, create_graph=not self.first_order)
        self.params = [p - self.lr * g for p, g in zip(self.params, grads)]


class OmniglotFCBody(nn.Sequential):
    """`l2l.vision.models.OmniglotFC` without its classifier (narrowed)."""

    def __init__(self, input_size, sizes=(64, 32)):
        layers = []
        for size in sizes:
            layers += [nn.Linear(input_size, size), nn.BatchNorm1d(size, momentum=0.999, affine=True), nn.ReLU()]
            input_size = size
        super().__init__(*layers)


class SyntheticTasks:
    """Stands in for `l2l.vision.benchmarks.get_tasksets("omniglot", ...)`: `ways` classes x `samples` each."""

    def __init__(self, ways, samples, input_size, seed):
        self.ways, self.samples, self.input_size = ways, samples, input_size
        self.generator = torch.Generator().manual_seed(seed)

    def sample(self):
        prototypes = torch.randn(self.ways, self.input_size, generator=self.generator)
        labels = torch.arange(self.ways).repeat_interleave(self.samples)
        data = prototypes[labels] + 0.3 * torch.randn(labels.numel(), self.input_size, generator=self.generator)
        return data, labels


def accuracy(predictions, targets):
    predictions = predictions.argmax(dim=1).view(targets.shape)
    return (predictions == targets).sum().float() / targets.size(0)


def fast_adapt(batch, learner, features, loss, adaptation_steps, shots, ways):
    data, labels = batch
    data = features(data)

    # Separate data into adaptation/evalutation sets
    adaptation_indices = torch.zeros(data.size(0), dtype=bool)
    adaptation_indices[torch.arange(shots * ways) * 2] = True
    evaluation_indices = ~adaptation_indices
    adaptation_data, adaptation_labels = data[adaptation_indices], labels[adaptation_indices]
    evaluation_data, evaluation_labels = data[evaluation_indices], labels[evaluation_indices]

    # Adapt the model
    for step in range(adaptation_steps):
        train_error = loss(learner(adaptation_data), adaptation_labels)
        learner.adapt(train_error)

    # Evaluate the adapted model
    predictions = learner(evaluation_data)
    valid_error = loss(predictions, evaluation_labels)
    valid_accuracy = accuracy(predictions, evaluation_labels)
    return valid_error, valid_accuracy


def accumulation_context(fabric, module, task, meta_batch_size):
    """Sum the task gradients locally; reduce them across the cores only with the last task of the meta-batch."""
    return fabric.no_backward_sync(module, enabled=task < meta_batch_size - 1)


def main(
    fabric,
    ways=5,
    shots=1,
    meta_lr=0.003,
    fast_lr=0.5,
    meta_batch_size=4,
    adaptation_steps=1,
    num_iterations=2,
    seed=42,
):
    meta_batch_size = max(1, meta_batch_size // fabric.world_size)
    seed_everything(seed + fabric.global_rank)

    # Create Tasksets
    input_size = 28 * 4
    train_tasks = SyntheticTasks(ways, 2 * shots, input_size, seed=seed + fabric.global_rank)
    valid_tasks = SyntheticTasks(ways, 2 * shots, input_size, seed=seed + 1000 + fabric.global_rank)

    # Create model: the sharded body, and the MAML-wrapped head kept whole for its fast weights
    features = fabric.setup_module(OmniglotFCBody(input_size))
    # (`fabric.to_device` leaves modules where they are under XLA FSDP, which places only what it wraps)
    maml = MAML(nn.Linear(32, ways), lr=fast_lr, first_order=False).to(fabric.device)
    all_parameters = list(features.parameters()) + list(maml.parameters())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(all_parameters, meta_lr))
    loss = torch.nn.CrossEntropyLoss(reduction="mean")

    for iteration in range(num_iterations):
        optimizer.zero_grad()
        meta_train_error = 0.0
        meta_train_accuracy = 0.0
        meta_valid_error = 0.0
        meta_valid_accuracy = 0.0
        for task in range(meta_batch_size):
            # Compute meta-training loss
            learner = maml.clone()
            batch = fabric.to_device(train_tasks.sample())
            with accumulation_context(fabric, features, task, meta_batch_size):
                evaluation_error, evaluation_accuracy = fast_adapt(
                    batch,
                    learner,
                    features,
                    loss,
                    adaptation_steps,
                    shots,
                    ways,
                )
                fabric.backward(evaluation_error)
            meta_train_error += evaluation_error.item()
            meta_train_accuracy += evaluation_accuracy.item()

            # Compute meta-validation loss
            learner = maml.clone()
            batch = fabric.to_device(valid_tasks.sample())
            evaluation_error, evaluation_accuracy = fast_adapt(
                batch,
                learner,
                features,
                loss,
                adaptation_steps,
                shots,
                ways,
            )
            meta_valid_error += evaluation_error.item()
            meta_valid_accuracy += evaluation_accuracy.item()

        # Print some metrics
        fabric.print("\n")
        fabric.print("Iteration", iteration)
        fabric.print("Meta Train Error", meta_train_error / meta_batch_size)
        fabric.print("Meta Train Accuracy", meta_train_accuracy / meta_batch_size)
        fabric.print("Meta Valid Error", meta_valid_error / meta_batch_size)
        fabric.print("Meta Valid Accuracy", meta_valid_accuracy / meta_batch_size)

        # Average the accumulated gradients and optimize
        for p in all_parameters:
            if p.grad is not None:
                p.grad.data.mul_(1.0 / meta_batch_size)
        optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(main)
