# expect: none
# oracle: OK
# twin: p828_strategy_kwargs_property_super_extended_misspelt_shard_param
"""python train.py: MLP-Mixer on random 32x32 images; a recipe object's properties give the strategy and the optimizer."""
import torch
import torch.nn.functional as F

from mixer import MLPMixer
from recipes.v4 import V4Recipe


def train(fabric, recipe):
    model = fabric.setup_module(MLPMixer(depth=recipe.depth))
    optimizer = fabric.setup_optimizers(recipe.optimizer(model))
    for step in range(recipe.steps):
        images = torch.randn(recipe.batch_size, 3, 32, 32, device=fabric.device)
        labels = torch.randint(0, 10, (recipe.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    recipe = V4Recipe()
    recipe.fabric.launch(train, recipe)
