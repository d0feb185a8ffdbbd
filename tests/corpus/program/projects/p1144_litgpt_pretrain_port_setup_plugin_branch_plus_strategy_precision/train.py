# expect: LXF043
# oracle: RAISED ValueError: precision set through both strategy class and plugins, choose one
# flagged-in: litgpt_tpu/pretrain.py
"""Entry point of the TPU port of litgpt's pretrain recipe: `python train.py --precision=bf16-true`."""
from litgpt_tpu.pretrain import CLI, setup

if __name__ == "__main__":
    CLI(setup)
