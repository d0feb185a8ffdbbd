# expect: none
# oracle: OK
# twin: p206_timm_registry_decorator_lambda_wrap_policy
"""python train.py: timm's `train.py` reduced to two steps of one registered model, sharded with XLA FSDP."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from models import create_model, get_fsdp_wrap_policy

MODEL = "vit_tiny_patch4"


def train(fabric, model_name):
    model = fabric.setup_module(create_model(model_name, num_classes=10))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9))
    for _ in range(2):
        patches = torch.randn(4, 16, 48, device=fabric.device)
        loss = F.cross_entropy(model(patches), torch.randint(0, 10, (4,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=get_fsdp_wrap_policy(MODEL))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, MODEL)
