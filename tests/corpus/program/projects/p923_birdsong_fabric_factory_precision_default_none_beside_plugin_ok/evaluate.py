"""Evaluate a SongNet on fresh synthetic spectrograms (bf16 weights, like training)."""
import torch

from birdsong.data import spectrograms
from birdsong.model import FrameBlock, SongNet
from utils.fabric_factory import build_fabric


def evaluate(fabric):
    model = fabric.setup_module(SongNet())
    spec, labels = spectrograms(64, fabric.device)
    with torch.no_grad():
        accuracy = (model(spec).argmax(-1) == labels).float().mean()
    fabric.print(f"accuracy {accuracy.item():.3f}")


if __name__ == "__main__":
    build_fabric(precision="bf16-true", wrap={FrameBlock}).launch(evaluate)
