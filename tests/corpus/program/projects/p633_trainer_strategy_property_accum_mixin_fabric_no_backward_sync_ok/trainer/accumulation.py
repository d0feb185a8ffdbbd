"""Gradient accumulation: skip the gradient reduction on every micro-batch but the last."""
import contextlib


class GradAccumulationMixin:
    accumulate = 1

    def sync_context(self, model, micro_step):
        last = (micro_step + 1) % self.accumulate == 0
        if last:
            return contextlib.nullcontext()
        return self.fabric.no_backward_sync(model, enabled=True)
