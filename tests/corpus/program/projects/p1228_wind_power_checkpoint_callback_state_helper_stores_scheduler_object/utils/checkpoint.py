"""What a checkpoint holds, and where it is written."""


def state_of(trainer):
    return {
        "model": trainer.model,
        "optimizer": trainer.optimizer,
        "scheduler": trainer.scheduler,
        "step": trainer.step,
    }


def save(fabric, path, state):
    fabric.save(path, state)
    fabric.print(f"saved {sorted(state)} to {path}")
