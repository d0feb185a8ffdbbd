from callbacks.base import Callback


class LossLoggingMixin:
    def on_train_batch_end(self, fabric, loss, step, **kwargs):
        fabric.print(f"step {step}: loss {loss.item():.4f}")
        super().on_train_batch_end(fabric=fabric, loss=loss, step=step, **kwargs)


class PrintLoss(LossLoggingMixin, Callback):
    pass
