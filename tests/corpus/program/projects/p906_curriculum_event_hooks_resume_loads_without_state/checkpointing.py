"""Stage-boundary checkpoints: each stage starts from the previous stage's weights."""
import os

from hooks import on


def stage_dir(ckpt_dir, stage):
    return os.path.join(ckpt_dir, f"stage-{stage}")


@on("stage_end")
def save_stage(fabric, state, ckpt_dir, stage):
    fabric.save(stage_dir(ckpt_dir, stage), state)


@on("stage_start")
def resume_previous_stage(fabric, state, ckpt_dir, stage):
    if stage == 0:
        return
    checkpoint = fabric.load(stage_dir(ckpt_dir, stage - 1))
    state["model"].load_state_dict(checkpoint["model"])
    state["optimizer"].load_state_dict(checkpoint["optimizer"])
    state["stage"] = checkpoint["stage"]
    fabric.print(f"resumed from stage {stage - 1}")
