# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: experiments/long_context.py
"""python train.py: train the long-context byte LM experiment on a TPU host."""
from experiments import LongContextExperiment


if __name__ == "__main__":
    LongContextExperiment().run()
