"""This run's settings; the rest comes from the defaults."""

RUN = {
    "optim": {"steps": 2, "lr": 5e-4},
    # early stopping should continue from the best validation loss seen before the restart
    "resume": {"restore_keys": ["model", "optimizer", "step", "best_val"]},
}
