"""Hooks the loop calls through `fabric.call(...)`; every one is optional."""


class Callback:
    def on_train_epoch_end(self, fabric, epoch, loss):
        pass

    def on_validation_end(self, fabric, model, metrics):
        pass
