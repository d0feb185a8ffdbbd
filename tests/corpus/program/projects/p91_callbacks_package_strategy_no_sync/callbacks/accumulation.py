import contextlib


class GradientAccumulation:
    """Skips the gradient all-reduce on every micro-batch but the last of a step."""

    def __init__(self, micro_batches):
        self.micro_batches = micro_batches
        self._stack = contextlib.ExitStack()

    def on_micro_batch_start(self, fabric, model, index):
        if index < self.micro_batches - 1:
            self._stack.enter_context(fabric.strategy.no_backward_sync(model))

    def on_micro_batch_end(self, fabric, model, index):
        self._stack.close()
