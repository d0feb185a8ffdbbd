# expect: LXF018
# oracle: RAISED TypeError: `Fabric.launch(function=<bound method ReversalRunner.main of <experiments.seq2seq.ReversalRunner object at 0x7f42a3f2ef1
# flagged-in: experiments/seq2seq.py
"""python train.py: train the digit-reversal seq2seq runner with XLA FSDP."""
from experiments.seq2seq import ReversalRunner

if __name__ == "__main__":
    ReversalRunner(dim=32, steps=3, lr=3e-3).run()
