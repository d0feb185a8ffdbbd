class Checkpointer:
    def __init__(self, every: int = 1, path: str = "checkpoints/last"):
        self.every = every
        self.path = path

    def on_train_epoch_end(self, fabric, epoch, model, optimizer):
        if epoch % self.every == 0:
            fabric.save(self.path, {"model": model, "optimizer": optimizer, "epoch": epoch})


def default_callbacks(cfg):
    return [Checkpointer(every=cfg.get("ckpt_every", 1))]
