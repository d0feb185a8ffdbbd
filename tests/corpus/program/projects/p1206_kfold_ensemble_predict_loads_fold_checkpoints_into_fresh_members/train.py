# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
# flagged-in: kfold/ensemble.py
"""5-fold cross-validation of a tabular classifier on TPU (Fabric + XLA FSDP), then a fold-averaged ensemble
prediction from the saved fold checkpoints."""
import tempfile

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from kfold.data import make_table, kfold_indices
from kfold.ensemble import ensemble_predict
from kfold.fit import fit_fold
from kfold.model import ResidualMLP

CFG = {"folds": 3, "epochs": 1, "batch_size": 16, "lr": 2e-3, "features": 12, "classes": 3}


def main(fabric, cfg, out_dir):
    x, y = make_table(96, cfg["features"], cfg["classes"])
    checkpoints, scores = [], []
    for fold, (train_idx, val_idx) in enumerate(kfold_indices(len(x), cfg["folds"])):
        path, acc = fit_fold(fabric, cfg, x, y, train_idx, val_idx, fold, out_dir)
        checkpoints.append(path)
        scores.append(acc)
    fabric.print(f"CV accuracy {sum(scores) / len(scores):.3f} over {cfg['folds']} folds")
    probs = ensemble_predict(fabric, cfg, checkpoints, x[:8])
    fabric.print(f"ensemble predictions {probs.argmax(-1).tolist()}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualMLP}))
    fabric.launch(main, CFG, tempfile.mkdtemp(prefix="kfold-"))
