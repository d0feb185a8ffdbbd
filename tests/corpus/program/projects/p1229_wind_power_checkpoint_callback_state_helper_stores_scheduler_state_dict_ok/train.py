# expect: none
# oracle: OK
# twin: p1228_wind_power_checkpoint_callback_state_helper_stores_scheduler_object
"""python train.py: day-ahead wind-power forecaster (GRU-free MLP over lagged features) with warm-up + cosine LR,
checkpointed every other step by a callback."""
import tempfile

from lightning.fabric import Fabric

import experiment as exp


def launch_job(fabric, hp, run_dir):
    trainer = exp.TPUTrainer(fabric, hp, callbacks=[exp.PeriodicCheckpoint(run_dir, every=2)])
    trainer.fit()


if __name__ == "__main__":
    hp = exp.Hparams(steps=4)
    fabric = Fabric(accelerator="tpu", strategy=exp.TPUTrainer.configure_strategy(hp))
    fabric.launch(launch_job, hp, tempfile.mkdtemp(prefix="windpower-"))
