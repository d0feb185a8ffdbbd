# expect: none
# oracle: OK
# twin: p218_trainer_subclass_configure_strategy_half_precision
"""python train.py: fit the block net with the language-model trainer."""
from model import Block, Net
from trainers import LMTrainer

CONFIG = {
    "model_cls": Net,
    "wrap_policy": {Block},
    "precision": "bf16-true",
    "max_steps": 2,
}

if __name__ == "__main__":
    LMTrainer(CONFIG).fit()
