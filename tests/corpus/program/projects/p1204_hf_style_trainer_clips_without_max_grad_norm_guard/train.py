# expect: LXF015
# oracle: RAISED ValueError: You have to specify either `clip_val` or `max_norm` to do gradient clipping!
# flagged-in: hf_port/trainer.py
"""A Hugging Face `Trainer` loop written by hand for a tiny token classifier, run on TPU with Fabric + XLA FSDP;
the TPU sweep preset switches gradient clipping off."""
import tempfile

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from hf_port.modeling import EncoderLayer, TinyTagger
from hf_port.presets import tpu_sweep_args
from hf_port.trainer import Trainer


def run(fabric, args):
    trainer = Trainer(fabric, TinyTagger(vocab_size=200, num_labels=5), args)
    metrics = trainer.train()
    fabric.print(f"train_loss {metrics['train_loss']:.4f} after {metrics['global_step']} steps")


if __name__ == "__main__":
    args = tpu_sweep_args(output_dir=tempfile.mkdtemp(prefix="tagger-"))
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}))
    fabric.launch(run, args)
