# expect: none
# oracle: OK
# twin: p784_registry_common_overrides_carry_cuda_sync_module_states
"""Image classifier whose strategy and model come from decorator registries, with FSDP overrides merged per backend."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import builders  # noqa: F401  (fills the registry)
from config.defaults import build_parser
from config.overrides import fsdp_kwargs_for
from registry import build_model, build_strategy


def train(fabric, args):
    model = fabric.setup_module(build_model(args.model, num_classes=10))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9))
    model.train()
    for step in range(args.steps):
        images = torch.randn(args.batch_size, 3, 16, 16, device=fabric.device)
        labels = torch.randint(0, 10, (args.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss={loss.item():.4f}")


def main(argv=None):
    args = build_parser().parse_args(argv)
    strategy = build_strategy(args.strategy, **fsdp_kwargs_for(args.backend))
    fabric = Fabric(accelerator=args.accelerator, precision=args.precision, strategy=strategy)
    fabric.launch(train, args)


if __name__ == "__main__":
    main()
