from .base import Callback


class PrintProgress(Callback):
    def on_train_epoch_end(self, fabric, epoch, loss):
        fabric.print(f"epoch {epoch}: train loss {loss.item():.4f}")
