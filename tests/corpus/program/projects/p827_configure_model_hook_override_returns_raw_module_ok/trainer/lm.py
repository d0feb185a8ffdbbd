import torch

from gpt import GPT, GPTConfig

from .base import Trainer


class CharLMTrainer(Trainer):
    def __init__(self, text, block_size=32, batch_size=8, **kwargs):
        super().__init__(**kwargs)
        chars = sorted(set(text))
        self.stoi = {ch: i for i, ch in enumerate(chars)}
        self.data = torch.tensor([self.stoi[ch] for ch in text], dtype=torch.long)
        self.block_size = block_size
        self.batch_size = batch_size

    def configure_model(self, fabric):
        config = GPTConfig(vocab_size=len(self.stoi), block_size=self.block_size)
        model = GPT(config)
        # `fit` shards it with `fabric.setup_module`
        return model

    def get_batch(self, fabric):
        ix = torch.randint(len(self.data) - self.block_size - 1, (self.batch_size,))
        x = torch.stack([self.data[i:i + self.block_size] for i in ix])
        y = torch.stack([self.data[i + 1:i + 1 + self.block_size] for i in ix])
        return fabric.to_device((x, y))

    def training_step(self, model, batch):
        x, y = batch
        return model(x, y)
