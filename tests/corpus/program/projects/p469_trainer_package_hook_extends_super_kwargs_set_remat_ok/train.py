# expect: none
# oracle: OK
# twin: p468_trainer_package_hook_extends_super_kwargs_list_remat
"""python train.py: fit the block net with the TPU trainer."""
from trainer import XLATrainer

if __name__ == "__main__":
    XLATrainer().fit()
