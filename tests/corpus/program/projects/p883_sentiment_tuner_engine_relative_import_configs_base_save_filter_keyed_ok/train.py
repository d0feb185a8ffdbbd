# expect: none
# oracle: OK
# twin: p882_sentiment_tuner_engine_relative_import_configs_base_save_filter_bare_function
"""Sentiment fine-tuning on TPU; checkpoints keep only the classification head (see tuner/configs/base.py)."""
import tempfile

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from tuner.configs import base
from tuner.engine.loop import fit
from tuner.models.classifier import EncoderLayer, SentimentClassifier


def run(fabric, out_dir):
    model = fabric.setup_module(SentimentClassifier(vocab=base.VOCAB))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=base.LR))
    fit(fabric, model, optimizer, out_dir)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}))
    fabric.launch(run, tempfile.mkdtemp(prefix="sentiment-"))
