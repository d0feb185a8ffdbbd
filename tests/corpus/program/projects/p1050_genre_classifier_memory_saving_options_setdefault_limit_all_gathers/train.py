# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'limit_all_gathers'
# flagged-in: sharding/presets.py
"""python train.py: train the music-genre classifier with the memory-saving XLA FSDP preset."""
import torch
import torch.nn.functional as F

from genre.model import GenreNet, SpecBlock, random_clips
from sharding import MemorySavingOptions

STEPS = 3


def train(fabric):
    model = fabric.setup_module(GenreNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(STEPS):
        spec, genre = fabric.to_device(random_clips(8))
        loss = F.cross_entropy(model(spec), genre)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: ce {loss.item():.3f}")


if __name__ == "__main__":
    options = MemorySavingOptions(wrap={SpecBlock})
    options.fabric(precision="32-true").launch(train)
