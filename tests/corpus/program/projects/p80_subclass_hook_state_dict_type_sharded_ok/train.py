# expect: none
# oracle: OK
# twin: p79_subclass_hook_state_dict_type_consolidated
"""python train.py: trains the block net, saves a checkpoint and resumes from it."""
from experiments.blocknet import BlockNetTrainer

if __name__ == "__main__":
    BlockNetTrainer().run()
