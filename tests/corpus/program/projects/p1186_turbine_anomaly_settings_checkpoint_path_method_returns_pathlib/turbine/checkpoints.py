"""Periodic checkpoints under the run's checkpoint folder."""


def maybe_save(fabric, settings, step, state):
    if step % settings.save_every == 0:
        fabric.save(settings.checkpoint_path(step), state)
