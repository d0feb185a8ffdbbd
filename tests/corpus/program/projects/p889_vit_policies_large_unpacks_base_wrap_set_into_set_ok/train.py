# expect: none
# oracle: OK
# twin: p888_vit_policies_large_unpacks_base_wrap_set_into_list
"""CIFAR-sized image classification with a ViT on TPU, sharded with the large policies of policies/."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from policies import large
from vit.layers import ViT


def synthetic_images(batch, device):
    labels = torch.randint(0, 10, (batch,), device=device)
    images = torch.randn(batch, 3, 32, 32, device=device) + labels.view(-1, 1, 1, 1) / 10
    return images, labels


def train(fabric):
    model = fabric.setup_module(ViT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.05))
    for step in range(3):
        images, labels = synthetic_images(16, fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=large.WRAP, activation_checkpointing_policy=large.REMAT)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
