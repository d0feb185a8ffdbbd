# expect: none
# oracle: OK
# twin: p1052_intent_adapter_runner_save_filter_property_bare_function
"""python train.py: fine-tune the intent classifier and save an adapter-only checkpoint."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from finetune import AdapterRunner
from intent.model import EncoderLayer

if __name__ == "__main__":
    runner = AdapterRunner()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderLayer}))
    fabric.launch(runner.fit)
