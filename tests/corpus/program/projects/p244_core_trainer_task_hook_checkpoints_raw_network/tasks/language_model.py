"""Next-token prediction on random tokens, as a `core.Trainer` task."""
import torch
import torch.nn.functional as F

from core import Trainer
from model import Encoder


class LanguageModelTask(Trainer):
    seq_len = 16

    def configure_model(self):
        return Encoder()

    def make_batch(self):
        return torch.randint(0, 64, (4, self.seq_len + 1), device=self.fabric.device)

    def training_step(self, batch):
        logits = self.model(batch[:, :-1])
        return F.cross_entropy(logits.reshape(-1, logits.size(-1)), batch[:, 1:].reshape(-1))

    def checkpoint_state(self):
        # keep the tokenizer-free vocabulary size next to the weights, for the sampler
        return {"model": self.network, "optimizer": self.optimizer, "step": self.step, "vocab": 64}
