"""Behaviour shared by the trainers, mixed in ahead of BaseTrainer."""
from .utils import checkpoint as ckpt


class CheckpointMixin:
    """Writes `checkpoint-<step>` under `self.out_dir` every `hparams.checkpoint_every` steps."""

    def checkpoint_state(self):
        return {"model": self.model, "optimizer": self.optimizer, "step": self.global_step}

    def on_step_end(self, loss):
        super().on_step_end(loss)
        if self.global_step % self.hparams.checkpoint_every == 0:
            ckpt.save(self.fabric, self.out_dir, self.checkpoint_state(), tag=self.global_step)


class LoggingMixin:
    def on_step_end(self, loss):
        super().on_step_end(loss)
        self.fabric.print(f"[{type(self).__name__}] step {self.global_step} mse {loss.item():.4f}")
