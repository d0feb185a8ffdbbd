# expect: LXF044
# oracle: RAISED TypeError: Filter should be a dictionary, given <function keep_adapter_weights at 0x7f0ce98ee660>
# flagged-in: finetune/adapters.py
"""python train.py: fine-tune the intent classifier and save an adapter-only checkpoint."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from finetune import AdapterRunner
from intent.model import EncoderLayer

if __name__ == "__main__":
    runner = AdapterRunner()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}))
    fabric.launch(runner.fit)
