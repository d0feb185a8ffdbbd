"""Defaults shared by every fine-tuning recipe."""
LR = 5e-4
STEPS = 4
SAVE_EVERY = 2
BATCH = 8
SEQ_LEN = 24
VOCAB = 500


def head_only(name, value):
    """Keep the classification head: the encoder weights are the pretrained ones, shipped separately."""
    return "head" in name


# what `fabric.save` keeps of the run state
SAVE_FILTER = head_only
