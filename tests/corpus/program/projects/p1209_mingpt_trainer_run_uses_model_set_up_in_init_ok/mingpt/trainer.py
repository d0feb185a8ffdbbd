"""minGPT's Trainer (mingpt/trainer.py): `.to(self.device)` replaced by Fabric, callbacks kept as they were."""
import time
from collections import defaultdict

import torch
from torch.utils.data.dataloader import DataLoader

from mingpt.utils import CfgNode as CN


class Trainer:
    @staticmethod
    def get_default_config():
        C = CN()
        C.num_workers = 0
        C.max_iters = None
        C.batch_size = 8
        C.learning_rate = 3e-4
        C.betas = (0.9, 0.95)
        C.weight_decay = 0.1
        C.grad_norm_clip = 1.0
        return C

    def __init__(self, config, model, train_dataset, fabric):
        self.config = config
        self.fabric = fabric
        self.train_dataset = train_dataset
        self.optimizer = None
        self.callbacks = defaultdict(list)
        # the set-up model, so that callbacks can already use it
        self.model = fabric.setup_module(model)
        self.iter_num = 0
        self.iter_time = 0.0
        self.iter_dt = 0.0

    def add_callback(self, onevent: str, callback):
        self.callbacks[onevent].append(callback)

    def set_callback(self, onevent: str, callback):
        self.callbacks[onevent] = [callback]

    def trigger_callbacks(self, onevent: str):
        for callback in self.callbacks.get(onevent, []):
            callback(self)

    def run(self):
        model, config, fabric = self.model, self.config, self.fabric
        self.optimizer = fabric.setup_optimizers(
            torch.optim.AdamW(model.parameters(), lr=config.learning_rate, betas=config.betas, weight_decay=config.weight_decay)
        )
        train_loader = fabric.setup_dataloaders(DataLoader(
            self.train_dataset,
            sampler=torch.utils.data.RandomSampler(self.train_dataset, replacement=True, num_samples=int(1e10)),
            shuffle=False,
            batch_size=config.batch_size,
            num_workers=config.num_workers,
        ), use_distributed_sampler=False)

        model.train()
        self.iter_num = 0
        self.iter_time = time.time()
        data_iter = iter(train_loader)
        while True:
            x, y = next(data_iter)
            logits, self.loss = model(x, y)
            model.zero_grad(set_to_none=True)
            fabric.backward(self.loss)
            fabric.clip_gradients(model, self.optimizer, max_norm=config.grad_norm_clip)
            self.optimizer.step()

            self.trigger_callbacks("on_batch_end")
            self.iter_num += 1
            tnow = time.time()
            self.iter_dt = tnow - self.iter_time
            self.iter_time = tnow
            if config.max_iters is not None and self.iter_num >= config.max_iters:
                break
