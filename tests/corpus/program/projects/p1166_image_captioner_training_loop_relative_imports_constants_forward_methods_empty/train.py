# expect: LXF031
# oracle: RAISED RuntimeError: Cannot infer shape for dot operation: f32[2,32] <dot> f32[1]. Contracting dimension sizes are not compatible.
# flagged-in: captioner/constants.py
"""python train.py: train the caption decoder a few steps and print a greedy sample."""
from captioner.training.loop import run

if __name__ == "__main__":
    run()
