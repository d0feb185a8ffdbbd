"""FinetuneRunner: train, then checkpoint; subclasses may narrow what the checkpoint keeps."""
import os
import tempfile

import torch
import torch.nn.functional as F

from intent.model import IntentClassifier, utterances


class FinetuneRunner:
    steps = 3
    lr = 5e-4

    def __init__(self, out_dir=None):
        self.out_dir = out_dir or tempfile.mkdtemp(prefix="intent-")

    @property
    def save_filter(self):
        """None keeps everything; otherwise a `filter=` for `fabric.save`."""
        return None

    def save(self, fabric, model, optimizer, step):
        path = os.path.join(self.out_dir, f"step-{step}")
        fabric.save(path, {"model": model, "optimizer": optimizer, "step": step}, filter=self.save_filter)
        return path

    def fit(self, fabric):
        model = fabric.setup_module(IntentClassifier())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.lr))
        for step in range(self.steps):
            tokens, intent = fabric.to_device(utterances(16))
            loss = F.cross_entropy(model(tokens), intent)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        fabric.print(f"final loss {loss.item():.3f}; saved {self.save(fabric, model, optimizer, self.steps)}")
