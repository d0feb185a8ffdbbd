"""MyCustomTrainer from Lightning Fabric's build_your_own_trainer example, trimmed and ported to XLAFSDP (separate module and optimizer setup)."""
import os
from collections.abc import Mapping
from typing import Callable, Optional

from lightning.fabric import Fabric


class MyCustomTrainer:
    def __init__(self, fabric: Fabric, max_epochs: int = 2, limit_train_batches: int = 3,
                 checkpoint_dir: Optional[str] = None, checkpoint_frequency: int = 1, grad_accum_steps: int = 1,
                 scheduler_factory: Optional[Callable] = None, scheduler_interval: str = "epoch"):
        self.fabric = fabric
        self.scheduler_factory = scheduler_factory
        self.scheduler_interval = scheduler_interval
        self.global_step = 0
        self.current_epoch = 0
        self.max_epochs = max_epochs
        self.limit_train_batches = limit_train_batches
        self.grad_accum_steps = grad_accum_steps
        self.checkpoint_dir = checkpoint_dir
        self.checkpoint_frequency = checkpoint_frequency

    def fit(self, model, train_loader):
        train_loader = self.fabric.setup_dataloaders(train_loader)
        model = self.fabric.setup_module(model)
        optimizer = model.configure_optimizers()
        scheduler_cfg = self._configure_scheduler(optimizer)
        optimizer = self.fabric.setup_optimizers(optimizer)

        # assemble state (current epoch and global step will be added in save)
        state = {"model": model, "optim": optimizer, "scheduler": scheduler_cfg}

        while self.current_epoch < self.max_epochs:
            self.train_loop(model, optimizer, train_loader, scheduler_cfg)
            self.current_epoch += 1
            if self.checkpoint_dir and self.current_epoch % self.checkpoint_frequency == 0:
                self.save(state)

    def train_loop(self, model, optimizer, train_loader, scheduler_cfg):
        for batch_idx, batch in enumerate(train_loader):
            if batch_idx >= self.limit_train_batches:
                break
            should_optim_step = (self.global_step + 1) % self.grad_accum_steps == 0
            with self.fabric.no_backward_sync(model, enabled=not should_optim_step):
                outputs = model.training_step(batch, batch_idx=batch_idx)
                loss = outputs["loss"] if isinstance(outputs, Mapping) else outputs
                self.fabric.backward(loss)
            if should_optim_step:
                optimizer.step()
                optimizer.zero_grad()
                self._step_scheduler(scheduler_cfg, level="step")
            self.global_step += 1
        self._step_scheduler(scheduler_cfg, level="epoch")
        self.fabric.print(f"epoch {self.current_epoch}: loss {loss.item():.4f}")

    def save(self, state: Optional[Mapping]) -> None:
        if state is None:
            state = {}
        state.update(global_step=self.global_step, current_epoch=self.current_epoch)
        self.fabric.save(os.path.join(self.checkpoint_dir, f"epoch-{self.current_epoch:04d}.ckpt"), state)

    @staticmethod
    def _step_scheduler(scheduler_cfg, level):
        if scheduler_cfg is not None and scheduler_cfg.get("interval", "epoch") == level:
            scheduler_cfg["scheduler"].step()

    def _configure_scheduler(self, optimizer) -> Optional[dict]:
        """The example read the scheduler from `configure_optimizers`; here the trainer builds it from a factory."""
        if self.scheduler_factory is None:
            return None
        return {"scheduler": self.scheduler_factory(optimizer), "interval": self.scheduler_interval}
