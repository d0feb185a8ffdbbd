# expect: none
# oracle: OK
# twin: p182_lazy_package_training_arguments_bf16_flag_mixed
"""python train.py: fine-tune the block net on random data with trainkit's defaults."""
import torch
import torch.nn.functional as F

import trainkit
from trainkit import TrainingArguments


def train(fabric, args):
    model = fabric.setup_module(trainkit.Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.learning_rate))
    for _ in range(args.max_steps):
        x = torch.randn(args.per_device_train_batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (args.per_device_train_batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = TrainingArguments()
    fabric = trainkit.build_fabric(args)
    fabric.launch(train, args)
