# expect: LXF036
# oracle: RAISED AttributeError: You marked 'test_step' as a forward method, but `MNISTModule.test_step` does not exist or is not a method.
"""python train.py: Lightning's "build your own trainer" Fabric example (MyCustomTrainer driving a LightningModule-like classifier) ported to XLA FSDP on a TPU VM."""
import os
import tempfile
from functools import partial
from typing import Any, Iterable, Mapping, Optional, Union

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

import lightning as L
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.fabric.utilities.apply_func import apply_to_collection


class MNISTModule(nn.Module):
    """The LightningModule of the example, as a plain module with the same hooks."""

    def __init__(self, lr: float = 1e-3) -> None:
        super().__init__()
        self.lr = lr
        self.model = nn.Sequential(nn.Flatten(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 10))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.model(x)

    def training_step(self, batch, batch_idx: int) -> torch.Tensor:
        x, y = batch
        loss = F.cross_entropy(self(x), y)
        return {"loss": loss}

    def validation_step(self, batch, batch_idx: int) -> torch.Tensor:
        x, y = batch
        logits = self(x)
        return {"val_loss": F.cross_entropy(logits, y), "val_acc": (logits.argmax(-1) == y).float().mean()}

    def configure_optimizers(self):
        optim = torch.optim.Adam(self.parameters(), lr=self.lr)
        return {
            "optimizer": optim,
            "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.StepLR(optim, step_size=2), "interval": "step"},
        }


class MyCustomTrainer:
    # the hooks a LightningModule may run through `forward`, so that XLA FSDP gathers the shards first
    step_hooks = ("training_step", "validation_step", "test_step", "predict_step")

    def __init__(
        self,
        accelerator: str = "auto",
        strategy: Any = "auto",
        devices: Union[list[int], str, int] = "auto",
        precision: str = "32-true",
        max_epochs: Optional[int] = 1000,
        max_steps: Optional[int] = None,
        grad_accum_steps: int = 1,
        limit_train_batches: Union[int, float] = float("inf"),
        limit_val_batches: Union[int, float] = float("inf"),
        validation_frequency: int = 1,
        checkpoint_dir: str = "./checkpoints",
    ) -> None:
        self.fabric = L.Fabric(accelerator=accelerator, strategy=strategy, devices=devices, precision=precision)
        self.global_step = 0
        self.grad_accum_steps: int = grad_accum_steps
        self.current_epoch = 0
        self.max_epochs = max_epochs
        self.max_steps = max_steps
        self.should_stop = False
        self.limit_train_batches = limit_train_batches
        self.limit_val_batches = limit_val_batches
        self.validation_frequency = validation_frequency
        self.checkpoint_dir = checkpoint_dir
        self._current_train_return: Union[torch.Tensor, Mapping[str, Any]] = {}
        self._current_val_return: Optional[Union[torch.Tensor, Mapping[str, Any]]] = {}

    def fit(self, model: nn.Module, train_loader: DataLoader, val_loader: DataLoader) -> None:
        # XLA spawns one process per TPU core: the work runs in `_fit`, in each of them
        self.fabric.launch(self._fit, model, train_loader, val_loader)

    def _fit(self, fabric: L.Fabric, model: nn.Module, train_loader: DataLoader, val_loader: DataLoader) -> None:
        self.fabric = fabric
        train_loader = fabric.setup_dataloaders(train_loader)
        val_loader = fabric.setup_dataloaders(val_loader)

        # XLA FSDP: set up the model first, then build the optimizer on its sharded parameters
        model = fabric.setup_module(model)
        self._mark_step_hooks(model)
        optimizer, scheduler_cfg = self._parse_optimizers_schedulers(model.configure_optimizers())
        assert optimizer is not None
        optimizer = fabric.setup_optimizers(optimizer)

        while not self.should_stop:
            self.train_loop(model, optimizer, train_loader, limit_batches=self.limit_train_batches, scheduler_cfg=scheduler_cfg)
            if self.should_validate:
                self.val_loop(model, val_loader, limit_batches=self.limit_val_batches)
            self.current_epoch += 1
            if self.max_epochs is not None and self.current_epoch >= self.max_epochs:
                self.should_stop = True
        self.should_stop = False

    def _mark_step_hooks(self, model) -> None:
        for name in self.step_hooks:
            model.mark_forward_method(name)

    def train_loop(self, model, optimizer, train_loader, limit_batches=float("inf"), scheduler_cfg=None) -> None:
        for batch_idx, batch in enumerate(train_loader):
            if self.should_stop or batch_idx >= limit_batches:
                break
            # check if optimizer should step in gradient accumulation
            should_optim_step = self.global_step % self.grad_accum_steps == 0
            if should_optim_step:
                # optimizer step runs train step internally through closure
                optimizer.step(partial(self.training_step, model=model, batch=batch, batch_idx=batch_idx))
                optimizer.zero_grad()
            else:
                # gradient accumulation -> no optimizer step
                self.training_step(model=model, batch=batch, batch_idx=batch_idx)
            # this guard ensures, we only step the scheduler once per global step
            if should_optim_step and scheduler_cfg is not None and scheduler_cfg["interval"] == "step":
                scheduler_cfg["scheduler"].step()
            self.fabric.print(f"epoch {self.current_epoch} step {self.global_step}: loss {self._current_train_return['loss']:.4f}")
            self.global_step += int(should_optim_step)
            if self.max_steps is not None and self.global_step >= self.max_steps:
                self.should_stop = True
                break

    def val_loop(self, model, val_loader, limit_batches=float("inf")) -> None:
        torch.set_grad_enabled(False)
        for batch_idx, batch in enumerate(val_loader):
            if batch_idx >= limit_batches:
                break
            out = model.validation_step(batch, batch_idx)
            self._current_val_return = apply_to_collection(out, torch.Tensor, lambda x: x.detach())
        self.fabric.print(f"val: {self._current_val_return['val_loss']:.4f}")
        torch.set_grad_enabled(True)

    def training_step(self, model, batch, batch_idx: int) -> torch.Tensor:
        outputs = model.training_step(batch, batch_idx=batch_idx)
        loss = outputs if isinstance(outputs, torch.Tensor) else outputs["loss"]
        self.fabric.backward(loss)
        # avoid gradients in stored/accumulated values -> prevents potential OOM
        self._current_train_return = apply_to_collection(outputs, dtype=torch.Tensor, function=lambda x: x.detach())
        return loss

    @property
    def should_validate(self) -> bool:
        return self.current_epoch % self.validation_frequency == 0

    def _parse_optimizers_schedulers(self, configure_optim_output):
        _lr_sched_defaults = {"interval": "epoch", "frequency": 1, "monitor": "val_loss"}
        # single optimizer
        if isinstance(configure_optim_output, torch.optim.Optimizer):
            return configure_optim_output, None
        # optimizer + lr scheduler config dict
        if isinstance(configure_optim_output, Mapping):
            return configure_optim_output["optimizer"], {**_lr_sched_defaults, **configure_optim_output["lr_scheduler"]}
        raise NotImplementedError(f"Unsupported output of configure_optimizers: {type(configure_optim_output)}")


def fake_mnist(n: int, seed: int) -> TensorDataset:
    g = torch.Generator().manual_seed(seed)
    return TensorDataset(torch.randn(n, 1, 8, 8, generator=g), torch.randint(0, 10, (n,), generator=g))


def train():
    L.seed_everything(42)
    train_loader = DataLoader(fake_mnist(32, 0), batch_size=8, shuffle=True)
    val_loader = DataLoader(fake_mnist(16, 1), batch_size=8)
    trainer = MyCustomTrainer(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}),
        max_epochs=1,
        limit_train_batches=3,
        limit_val_batches=2,
        checkpoint_dir=tempfile.mkdtemp(prefix="byot_"),
    )
    trainer.fit(MNISTModule(), train_loader, val_loader)


if __name__ == "__main__":
    train()
