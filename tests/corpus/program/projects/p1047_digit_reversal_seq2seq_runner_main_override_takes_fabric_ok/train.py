# expect: none
# oracle: OK
# twin: p1046_digit_reversal_seq2seq_runner_main_override_drops_fabric_arg
"""python train.py: train the digit-reversal seq2seq runner with XLA FSDP."""
from experiments.seq2seq import ReversalRunner

if __name__ == "__main__":
    ReversalRunner(dim=32, steps=3, lr=3e-3).run()
