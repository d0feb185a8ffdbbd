# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: experiments.py
"""python train.py: the AMP experiment of the sweep."""
from experiments import AmpExperiment


def main(fabric):
    AmpExperiment.run(fabric)


if __name__ == "__main__":
    fabric = AmpExperiment.build_fabric()
    fabric.launch(main)
