"""accelerate's save_state / load_state / register_for_checkpointing, on top of `fabric.save` / `fabric.load`."""
from typing import Any

from torch import nn
from torch.optim import Optimizer


class Checkpointer:
    def __init__(self, fabric) -> None:
        self.fabric = fabric
        self._objects: dict[str, Any] = {}

    def register_for_checkpointing(self, **objects: Any) -> None:
        """Objects to save and restore: the set-up model and optimizer, and anything with `state_dict()`."""
        self._objects.update(objects)

    def _state(self) -> dict[str, Any]:
        # XLA FSDP saves the set-up model and optimizer as this rank's shards; everything else as its state dict
        return {
            key: obj if isinstance(obj, (nn.Module, Optimizer)) else obj.state_dict()
            for key, obj in self._objects.items()
        }

    def save_state(self, output_dir: str) -> None:
        self.fabric.save(output_dir, self._state())

    def load_state(self, input_dir: str) -> None:
        state = self._state()
        self.fabric.load(input_dir, state)
        for key, obj in self._objects.items():
            if not isinstance(obj, (nn.Module, Optimizer)):
                obj.load_state_dict(state[key])
