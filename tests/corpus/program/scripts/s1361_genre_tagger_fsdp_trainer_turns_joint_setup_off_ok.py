# expect: none
# oracle: OK
# twin: s1360_genre_tagger_fsdp_trainer_inherits_joint_setup_from_xla_trainer
"""Music-genre tagger on synthetic log-mel clips; trainers are looked up by name in a small registry, and the TPU
FSDP trainer is a refinement of the plain XLA (data-parallel) one."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy, XLAStrategy
from torch import nn


class Registry(dict):
    def register(self, name):
        def deco(obj):
            self[name] = obj
            return obj
        return deco


TRAINERS = Registry()
N_MELS, FRAMES, GENRES = 32, 24, 8


class MelBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.body = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        return x + self.body(x)


class GenreTagger(nn.Module):
    def __init__(self, dim=48):
        super().__init__()
        self.proj = nn.Linear(N_MELS, dim)
        self.blocks = nn.Sequential(MelBlock(dim), MelBlock(dim))
        self.head = nn.Linear(dim, GENRES)

    def forward(self, mel):  # (batch, frames, mels)
        return self.head(self.blocks(self.proj(mel)).mean(dim=1))


@TRAINERS.register("cpu")
class BaseTrainer:
    joint_setup = False
    accelerator = "cpu"

    def __init__(self, steps=3, lr=1e-3):
        self.steps, self.lr = steps, lr

    def configure_strategy(self):
        return "auto"

    def build_fabric(self):
        return Fabric(accelerator=self.accelerator, strategy=self.configure_strategy())

    def build_model(self):
        return GenreTagger()

    def build_optimizer(self, params):
        return torch.optim.AdamW(params, lr=self.lr, weight_decay=0.05)

    def setup(self, fabric):
        if self.joint_setup:
            model = self.build_model()
            return fabric.setup(model, self.build_optimizer(model.parameters()))
        model = fabric.setup_module(self.build_model())
        return model, fabric.setup_optimizers(self.build_optimizer(model.parameters()))

    def __call__(self, fabric):
        model, optimizer = self.setup(fabric)
        g = torch.Generator().manual_seed(4)
        for step in range(self.steps):
            mel = torch.randn(8, FRAMES, N_MELS, generator=g)
            genre = torch.randint(0, GENRES, (8,), generator=g)
            mel, genre = fabric.to_device((mel, genre))
            loss = F.binary_cross_entropy_with_logits(model(mel), F.one_hot(genre, GENRES).float())
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"[{type(self).__name__}] step {step}: {loss.item():.4f}")


@TRAINERS.register("xla")
class XLATrainer(BaseTrainer):
    joint_setup = True  # XLAStrategy wants model and optimizer set up together
    accelerator = "tpu"

    def configure_strategy(self):
        return XLAStrategy()


@TRAINERS.register("xla_fsdp")
class FSDPTrainer(XLATrainer):
    joint_setup = False

    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={MelBlock})


def main(kind="xla_fsdp"):
    trainer = TRAINERS[kind]()
    fabric = trainer.build_fabric()
    fabric.launch(trainer)


if __name__ == "__main__":
    main()
