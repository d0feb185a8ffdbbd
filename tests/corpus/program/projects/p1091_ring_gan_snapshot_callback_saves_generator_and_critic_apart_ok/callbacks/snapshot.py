"""Writes a snapshot of the GAN at the end of every epoch."""
import os


class Snapshot:
    def __init__(self, root: str):
        self.root = root

    def on_train_epoch_end(self, fabric, epoch, generator, critic):
        path = os.path.join(self.root, f"epoch-{epoch:03d}")
        fabric.save(os.path.join(path, "generator"), {"generator": generator, "epoch": epoch})
        fabric.save(os.path.join(path, "critic"), {"critic": critic, "epoch": epoch})
        fabric.print(f"snapshot written to {path}")
