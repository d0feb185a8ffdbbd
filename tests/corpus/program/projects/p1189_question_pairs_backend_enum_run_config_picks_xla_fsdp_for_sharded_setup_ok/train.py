# expect: none
# oracle: OK
# twin: p1188_question_pairs_backend_enum_run_config_picks_xla_for_sharded_setup
"""python train.py: train the question-pair duplicate detector with the backend configs/run.py names."""
from lightning.fabric import Fabric

from configs import RUN
from qp.loop import fit


def main(run=RUN):
    fabric = Fabric(accelerator=run.backend.accelerator, strategy=run.backend.value)
    fabric.launch(fit, run)


if __name__ == "__main__":
    main()
