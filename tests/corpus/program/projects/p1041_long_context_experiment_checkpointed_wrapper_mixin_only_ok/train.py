# expect: none
# oracle: OK
# twin: p1040_long_context_experiment_checkpointed_wrapper_mixin_plus_remat_layers
"""python train.py: train the long-context byte LM experiment on a TPU host."""
from experiments import LongContextExperiment


if __name__ == "__main__":
    LongContextExperiment().run()
