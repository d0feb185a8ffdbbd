"""
Simple training loop; Boilerplate that could apply to any arbitrary neural network,
so nothing in this file really has anything to do with GPT specifically.

(minGPT's mingpt/trainer.py moved onto Lightning Fabric + XLA FSDP for TPU VMs: the Trainer builds the Fabric
where it used to pick `self.device`, and `run()` launches the training loop on every TPU core.)
"""

import time
from collections import defaultdict

import lightning as L
import torch
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data.dataloader import DataLoader

from mingpt.model import Block
from mingpt.utils import CfgNode as CN

class Trainer:

    @staticmethod
    def get_default_config():
        C = CN()
        # devices to train on: Fabric's accelerator and devices
        C.accelerator = 'tpu'
        C.devices = 'auto'
        # dataloder parameters
        C.num_workers = 0
        # optimizer parameters
        C.max_iters = None
        C.batch_size = 64
        C.learning_rate = 3e-4
        C.betas = (0.9, 0.95)
        C.weight_decay = 0.1 # only applied on matmul weights
        C.grad_norm_clip = 1.0
        return C

    def __init__(self, config, model, train_dataset):
        self.config = config
        self.model = model
        self.optimizer = None
        self.train_dataset = train_dataset
        self.callbacks = defaultdict(list)

        # determine the devices we'll train on
        self.fabric = L.Fabric(
            accelerator=config.accelerator,
            devices=config.devices,
            strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        )
        print("running on", config.accelerator, config.devices)

        # variables that will be assigned to trainer class later for logging and etc
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
        # one training loop per TPU core
        self.fabric.launch(self._run)

    def _run(self):
        model, config, fabric = self.model, self.config, self.fabric

        # setup the model (XLA FSDP shards it), then the optimizer over the sharded parameters
        # (GPT.configure_optimizers sorts parameters into decay/no_decay by module type, which finds none of them
        # once XLA FSDP has replaced them with flat shards: one group with weight decay here)
        model = fabric.setup_module(model)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=config.learning_rate, betas=config.betas,
                                           weight_decay=config.weight_decay)
        self.optimizer = fabric.setup_optimizers(self.optimizer)

        # setup the dataloader (a finite RandomSampler: Fabric's DistributedSamplerWrapper lists its indices)
        train_loader = DataLoader(
            self.train_dataset,
            sampler=torch.utils.data.RandomSampler(self.train_dataset, replacement=True,
                                                   num_samples=config.max_iters * config.batch_size),
            shuffle=False,
            batch_size=config.batch_size,
            num_workers=config.num_workers,
        )
        train_loader = fabric.setup_dataloaders(train_loader)

        model.train()
        self.iter_num = 0
        self.iter_time = time.time()
        data_iter = iter(train_loader)
        while True:

            # fetch the next batch (x, y) and re-init iterator if needed
            try:
                batch = next(data_iter)
            except StopIteration:
                data_iter = iter(train_loader)
                batch = next(data_iter)
            x, y = batch

            # forward the model
            logits, self.loss = model(x, y)

            # backprop and update the parameters
            self.optimizer.zero_grad(set_to_none=True)
            fabric.backward(self.loss)
            fabric.clip_gradients(model, self.optimizer, max_norm=config.grad_norm_clip)
            self.optimizer.step()

            self.trigger_callbacks('on_batch_end')
            self.iter_num += 1
            tnow = time.time()
            self.iter_dt = tnow - self.iter_time
            self.iter_time = tnow

            # termination conditions
            if config.max_iters is not None and self.iter_num >= config.max_iters:
                break
