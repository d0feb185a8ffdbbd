import os

from utils import checkpoint


class PeriodicCheckpoint:
    def __init__(self, run_dir, every):
        self.run_dir, self.every = run_dir, every

    def on_train_batch_end(self, trainer, loss):
        trainer.fabric.print(f"step {trainer.step} mse {loss:.5f} lr {trainer.scheduler.get_last_lr()[0]:.2e}")
        if trainer.step % self.every == 0:
            path = os.path.join(self.run_dir, f"step{trainer.step:04d}")
            checkpoint.save(trainer.fabric, path, checkpoint.state_of(trainer))
