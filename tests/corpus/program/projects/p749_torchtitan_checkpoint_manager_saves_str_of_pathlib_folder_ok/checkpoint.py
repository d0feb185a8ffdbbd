"""torchtitan's CheckpointManager, on top of `fabric.save` (one shard per process)."""
from typing import Any, Dict

from lightning.fabric import Fabric

from config_manager import JobConfig


class CheckpointManager:
    def __init__(self, fabric: Fabric, states: Dict[str, Any], job_config: JobConfig) -> None:
        ckpt_config = job_config.checkpoint
        self.fabric = fabric
        self.enable_checkpoint = ckpt_config.enable_checkpoint
        self.states = states
        self.folder = job_config.job.dump_folder / ckpt_config.folder
        self.interval = ckpt_config.interval

    def _should_save(self, curr_step: int, force: bool = False) -> bool:
        if not self.enable_checkpoint:
            return False
        return force or curr_step % self.interval == 0

    def save(self, curr_step: int, force: bool = False) -> None:
        if not self._should_save(curr_step, force):
            return
        checkpoint_id = self.folder / f"step-{curr_step}"
        self.states["train_state"] = {"step": curr_step}
        self.fabric.save(str(checkpoint_id), self.states)
        self.fabric.print(f"Finished saving the checkpoint in {checkpoint_id}.")
