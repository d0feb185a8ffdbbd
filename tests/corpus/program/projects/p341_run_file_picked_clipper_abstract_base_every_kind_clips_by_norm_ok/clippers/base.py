"""A clipper bounds the gradients before each optimizer step; a subclass says how by its class attributes."""
import abc


class Clipper(abc.ABC):
    clip_val = None
    max_norm = None

    @abc.abstractmethod
    def describe(self) -> str:
        """One line for the run log."""

    def apply(self, fabric, model, optimizer):
        return fabric.clip_gradients(model, optimizer, clip_val=self.clip_val, max_norm=self.max_norm)
