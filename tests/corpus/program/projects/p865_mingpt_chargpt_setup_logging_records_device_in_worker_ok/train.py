# expect: none
# oracle: OK
# twin: p864_mingpt_chargpt_setup_logging_records_device_before_launch
"""
Trains a character-level language model (minGPT's projects/chargpt/chargpt.py) on a TPU VM with Fabric + XLA FSDP.
"""

import sys
import tempfile

import torch
from torch.utils.data import Dataset
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from mingpt.model import GPT, Block
from mingpt.trainer import Trainer
from mingpt.utils import set_seed, setup_logging, CfgNode as CN

# -----------------------------------------------------------------------------

def get_config():

    C = CN()

    # system
    C.system = CN()
    C.system.seed = 3407
    C.system.work_dir = tempfile.mkdtemp(prefix='chargpt_')

    # data
    C.data = CharDataset.get_default_config()

    # model
    C.model = GPT.get_default_config()
    C.model.model_type = 'gpt-nano'

    # trainer
    C.trainer = Trainer.get_default_config()
    C.trainer.learning_rate = 5e-4 # the model we're using is so small that we can go a bit faster
    C.trainer.batch_size = 4
    C.trainer.num_workers = 0
    C.trainer.max_iters = 3

    return C

# -----------------------------------------------------------------------------

class CharDataset(Dataset):
    """
    Emits batches of characters
    """

    @staticmethod
    def get_default_config():
        C = CN()
        C.block_size = 32
        return C

    def __init__(self, config, data):
        self.config = config

        chars = sorted(list(set(data)))
        data_size, vocab_size = len(data), len(chars)
        print('data has %d characters, %d unique.' % (data_size, vocab_size))

        self.stoi = { ch:i for i,ch in enumerate(chars) }
        self.itos = { i:ch for i,ch in enumerate(chars) }
        self.vocab_size = vocab_size
        self.data = data

    def get_vocab_size(self):
        return self.vocab_size

    def get_block_size(self):
        return self.config.block_size

    def __len__(self):
        return len(self.data) - self.config.block_size

    def __getitem__(self, idx):
        # grab a chunk of (block_size + 1) characters from the data
        chunk = self.data[idx:idx + self.config.block_size + 1]
        # encode every character to an integer
        dix = [self.stoi[s] for s in chunk]
        # return as tensors
        x = torch.tensor(dix[:-1], dtype=torch.long)
        y = torch.tensor(dix[1:], dtype=torch.long)
        return x, y

# -----------------------------------------------------------------------------

# stands in for input.txt (tiny shakespeare), which the original reads from disk
TEXT = (
    "First Citizen:\nBefore we proceed any further, hear me speak.\n\n"
    "All:\nSpeak, speak.\n\n"
    "First Citizen:\nYou are all resolved rather to die than to famish?\n\n"
    "All:\nResolved. resolved.\n"
)

def main(fabric, config):
    if fabric.is_global_zero:
        setup_logging(config, fabric)

    # construct the training dataset
    train_dataset = CharDataset(config.data, TEXT)

    # construct the model
    config.model.vocab_size = train_dataset.get_vocab_size()
    config.model.block_size = train_dataset.get_block_size()
    model = GPT(config.model)

    # construct the trainer object
    trainer = Trainer(config.trainer, model, train_dataset, fabric)

    # iteration callback
    def batch_end_callback(trainer):
        if trainer.iter_num % 1 == 0:
            fabric.print(f"iter_dt {trainer.iter_dt * 1000:.2f}ms; iter {trainer.iter_num}: train loss {trainer.loss.item():.5f}")

    trainer.set_callback('on_batch_end', batch_end_callback)

    # run the optimization
    trainer.run()

# -----------------------------------------------------------------------------

if __name__ == '__main__':

    # get default config and overrides from the command line, if any
    config = get_config()
    config.merge_from_args(sys.argv[1:])
    print(config)

    fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    set_seed(config.system.seed)

    fabric.launch(main, config)
