# expect: none
# oracle: OK
# twin: p642_experiments_module_classmethod_fabric_on_amp_subclass
"""python train.py: the baseline experiment of the sweep."""
from experiments import BaselineExperiment


def main(fabric):
    BaselineExperiment.run(fabric)


if __name__ == "__main__":
    fabric = BaselineExperiment.build_fabric()
    fabric.launch(main)
