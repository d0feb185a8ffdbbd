"""torchtitan/components/checkpoint.py on Fabric: DCP's Stateful handling over `fabric.save` / `fabric.load`."""
import os
import re
from typing import Any

MODEL = "model"
OPTIMIZER = "optimizer"
LR_SCHEDULER = "lr_scheduler"
TRAIN_STATE = "train_state"


class CheckpointManager:
    """Saves `step-N` checkpoints under `<dump_folder>/<folder>` and resumes from the latest one.

    `states` maps a key to the set-up model (saved by XLA FSDP as this rank's shard) or to a Stateful object
    (anything with `state_dict()` / `load_state_dict()`), which goes in as its state dict, like DCP does.
    """

    def __init__(self, fabric, states: dict[str, Any], job_config) -> None:
        ckpt_config = job_config.checkpoint
        self.fabric = fabric
        self.enable_checkpoint = ckpt_config.enable_checkpoint
        self.states = states
        self.folder = os.path.join(job_config.job.dump_folder, ckpt_config.folder)
        self.interval = ckpt_config.interval
        self.model_weights_only = ckpt_config.model_weights_only
        self.exclude_from_loading = ckpt_config.exclude_from_loading

    def _create_checkpoint_id(self, step: int) -> str:
        return os.path.join(self.folder, f"step-{step}")

    def _flattened_states(self, states: dict[str, Any]) -> dict[str, Any]:
        return {k: v if k == MODEL else v.state_dict() for k, v in states.items()}

    def _should_save(self, curr_step: int, last_step: bool = False) -> bool:
        if not self.enable_checkpoint:
            return False
        return last_step or curr_step % self.interval == 0

    def save(self, curr_step: int, last_step: bool = False) -> None:
        """Save the checkpoint for the current step."""
        if not self._should_save(curr_step, last_step):
            return
        checkpoint_id = self._create_checkpoint_id(curr_step)
        if last_step and self.model_weights_only:
            # We only consider saving weights only at the end of the training. So
            # this won't affect preemption and training resume.
            states = {MODEL: self.states[MODEL]}
        else:
            states = self._flattened_states(self.states)
        self.fabric.save(checkpoint_id, states)
        self.fabric.print(f"[checkpoint] saved {checkpoint_id} ({', '.join(states)})")

    def _states_to_load(self) -> dict[str, Any]:
        for exclude_key in self.exclude_from_loading:
            if exclude_key not in self.states:
                raise ValueError(f"{exclude_key} not found in state_dict.")
        return {k: v for k, v in self.states.items() if k not in self.exclude_from_loading}

    def load(self, step: int = -1) -> bool:
        """Load the checkpoint of `step` (-1: the latest one). Returns whether anything was loaded."""
        if not self.enable_checkpoint or not os.path.isdir(self.folder):
            return False
        if step == -1:
            step_counts = [int(m.group(1)) for f in os.listdir(self.folder) if (m := re.fullmatch(r"step-(\d+)", f))]
            if not step_counts:
                return False
            step = max(step_counts)
        checkpoint_id = self._create_checkpoint_id(step)
        states = self._states_to_load()
        flattened = self._flattened_states(states)
        self.fabric.load(checkpoint_id, flattened)
        for key, stateful in states.items():
            if key != MODEL:
                stateful.load_state_dict(flattened[key])
        self.fabric.print(f"[checkpoint] loaded {checkpoint_id}")
        return True
