"""The hooks the training loop calls through `fabric.call`; a callback overrides the ones it needs."""


class Callback:
    def on_train_start(self, **kwargs):
        pass

    def on_train_batch_end(self, **kwargs):
        pass
