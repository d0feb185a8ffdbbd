"""Average the class probabilities of every fold's model (restored from its checkpoint)."""
import torch

from kfold.model import build_model


def load_member(fabric, cfg, path):
    member = fabric.setup_module(build_model(cfg))
    fabric.load(path, {"model": member})
    return member


def ensemble_predict(fabric, cfg, checkpoints, x):
    probs = []
    with torch.no_grad():
        for path in checkpoints:
            member = load_member(fabric, cfg, path)
            probs.append(member(x.to(fabric.device)).softmax(-1))
    return torch.stack(probs).mean(0)
