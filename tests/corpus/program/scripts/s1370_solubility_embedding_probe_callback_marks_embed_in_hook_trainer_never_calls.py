# expect: LXF031
# oracle: RAISED RuntimeError: You are calling the method `SolubilityNet.embed()` from outside the model. To avoid issues with the currently selected s
"""Aqueous-solubility regression on synthetic molecular fingerprints. An embedding-probe callback looks at the
fingerprint embeddings after validation; it marks `embed` as a forward method in its start hook."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

FP_BITS = 128


class FingerprintBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, h):
        return self.norm(h + F.softplus(self.lin(h)))


class SolubilityNet(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(FP_BITS, dim), FingerprintBlock(dim), FingerprintBlock(dim))
        self.regressor = nn.Linear(dim, 1)

    def embed(self, fingerprints):
        return self.encoder(fingerprints)

    def forward(self, fingerprints):
        return self.regressor(self.embed(fingerprints)).squeeze(-1)


class Callback:
    """Hooks the trainer calls; override the ones you need."""

    def on_fit_start(self, trainer):
        pass

    def on_validation_end(self, trainer, val_loss):
        pass


class EmbeddingProbe(Callback):
    def __init__(self, probe_size=32):
        self.probe = torch.randint(0, 2, (probe_size, FP_BITS), generator=torch.Generator().manual_seed(0)).float()

    def on_train_start(self, trainer):
        trainer.model.mark_forward_method("embed")

    def on_validation_end(self, trainer, val_loss):
        with torch.no_grad():
            emb = trainer.model.embed(trainer.fabric.to_device(self.probe))
        spread = emb.float().std(dim=0).mean().item()
        trainer.fabric.print(f"val mse {val_loss:.4f}, embedding spread {spread:.3f}")


class Trainer:
    def __init__(self, fabric, callbacks=(), steps=3):
        self.fabric, self.callbacks, self.steps = fabric, list(callbacks), steps

    def call(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def data(self, g, n=16):
        fp = torch.randint(0, 2, (n, FP_BITS), generator=g).float()
        logs = fp[:, :16].sum(1) / 4 - fp[:, 16:24].sum(1) / 2
        return self.fabric.to_device((fp, logs))

    def fit(self):
        self.model = self.fabric.setup_module(SolubilityNet())
        self.optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=2e-3))
        self.call("on_fit_start")
        g = torch.Generator().manual_seed(1)
        for _ in range(self.steps):
            fp, logs = self.data(g)
            loss = F.mse_loss(self.model(fp), logs)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
        with torch.no_grad():
            fp, logs = self.data(g)
            val_loss = F.mse_loss(self.model(fp), logs).item()
        self.call("on_validation_end", val_loss)


def main(fabric):
    Trainer(fabric, callbacks=[EmbeddingProbe()]).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={FingerprintBlock}))
    fabric.launch(main)
