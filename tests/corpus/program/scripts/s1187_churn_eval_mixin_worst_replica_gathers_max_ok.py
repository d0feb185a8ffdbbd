# expect: none
# oracle: OK
# twin: s1186_churn_eval_mixin_worst_replica_reduce_max
"""Customer-churn classifier; evaluation comes from mixins, one of which reports the worst replica's validation loss."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_SIGNALS = 24


class GatedLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.value = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.value(x) * torch.sigmoid(self.gate(x))


class ChurnNet(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(N_SIGNALS, dim)
        self.layers = nn.Sequential(GatedLayer(dim), GatedLayer(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.layers(self.inp(x))).squeeze(-1)


def customer_batch(n):
    usage = torch.randn(n, N_SIGNALS)
    churned = (usage[:, 0] - usage[:, 1] + 0.3 * torch.randn(n) > 0).float()
    return usage, churned


class EvalMixin:
    """Averages the validation loss over replicas."""

    metric_reduce = "mean"
    eval_batches = 2

    def reduce_metric(self, fabric, value):
        return fabric.all_reduce(value, reduce_op=self.metric_reduce)

    @torch.no_grad()
    def validate(self, fabric, model):
        total = torch.zeros((), device=fabric.device)
        for _ in range(self.eval_batches):
            x, y = fabric.to_device(customer_batch(64))
            total += F.binary_cross_entropy_with_logits(model(x), y)
        return self.reduce_metric(fabric, total / self.eval_batches)


class WorstReplicaEvalMixin(EvalMixin):
    """Reports the worst replica instead: one shard of customers going bad should not be averaged away."""

    def reduce_metric(self, fabric, value):
        return fabric.all_gather(value).max()


class Trainer:
    steps = 3

    def fit(self, fabric):
        model = fabric.setup_module(ChurnNet())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for step in range(self.steps):
            x, y = fabric.to_device(customer_batch(32))
            loss = F.binary_cross_entropy_with_logits(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        val = self.validate(fabric, model)
        fabric.print(f"validation loss after {self.steps} steps: {val.item():.4f}")


class ChurnTrainer(WorstReplicaEvalMixin, Trainer):
    pass


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={GatedLayer}))
    fabric.launch(ChurnTrainer().fit)
