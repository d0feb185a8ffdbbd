# expect: none
# oracle: OK
# twin: p1166_image_captioner_training_loop_relative_imports_constants_forward_methods_empty
"""python train.py: train the caption decoder a few steps and print a greedy sample."""
from captioner.training.loop import run

if __name__ == "__main__":
    run()
