# expect: none
# oracle: OK
# twin: p706_maml_port_args_fsdp_flag_off_keeps_example_ddp_on_tpu
"""Port of lightning's fabric meta_learning (MAML) example to a TPU pod."""
import torch

from args import MetaArgs
from maml import fast_adapt, make_model, sample_task
from trainer import MetaTrainer


def run(fabric, args):
    model = fabric.setup_module(make_model(args.ways))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=args.meta_lr))
    for _ in range(args.iterations):
        optimizer.zero_grad()
        meta_loss = 0.0
        for _ in range(args.meta_batch_size):
            batch = sample_task(args.ways, args.shots, fabric.device)
            meta_loss = meta_loss + model(batch[0]).logsumexp(-1).mean()
        fabric.backward(meta_loss / args.meta_batch_size)
        optimizer.step()


def main(**overrides):
    args = MetaArgs.from_dict(overrides)
    trainer = MetaTrainer(args)
    trainer.launch(run, args)


if __name__ == "__main__":
    main(ways=5, shots=1, iterations=1)
