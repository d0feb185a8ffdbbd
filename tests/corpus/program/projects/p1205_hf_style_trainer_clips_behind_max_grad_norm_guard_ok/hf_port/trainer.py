"""`Trainer.train()` reduced to its inner loop: accumulation, clipping, optimizer step, logging, checkpoints."""
import os

import torch

from hf_port.modeling import random_batch


class Trainer:
    def __init__(self, fabric, model, args):
        self.fabric, self.args = fabric, args
        self.model = fabric.setup_module(model)
        self.optimizer = fabric.setup_optimizers(
            torch.optim.AdamW(self.model.parameters(), lr=args.learning_rate, weight_decay=args.weight_decay)
        )
        self.generator = torch.Generator().manual_seed(args.seed)

    def training_step(self, inputs):
        inputs = {k: v.to(self.fabric.device) for k, v in inputs.items()}
        loss = self.model(**inputs)["loss"] / self.args.gradient_accumulation_steps
        self.fabric.backward(loss)
        return loss.detach()

    def train(self):
        args, fabric = self.args, self.fabric
        global_step, tr_loss = 0, 0.0
        while global_step < args.max_steps:
            for micro_step in range(args.gradient_accumulation_steps):
                is_last = micro_step == args.gradient_accumulation_steps - 1
                with fabric.no_backward_sync(self.model, enabled=not is_last):
                    tr_loss += self.training_step(random_batch(args.per_device_train_batch_size, generator=self.generator)).item()
            if args.max_grad_norm is not None and args.max_grad_norm > 0:
                fabric.clip_gradients(self.model, self.optimizer, max_norm=args.max_grad_norm)
            self.optimizer.step()
            self.optimizer.zero_grad()
            global_step += 1
            if global_step % args.logging_steps == 0:
                fabric.print({"loss": round(tr_loss / global_step, 4), "step": global_step})
            if global_step % args.save_steps == 0:
                fabric.save(os.path.join(args.output_dir, f"checkpoint-{global_step}"), {"model": self.model, "optimizer": self.optimizer})
        return {"train_loss": tr_loss / max(global_step, 1), "global_step": global_step}
