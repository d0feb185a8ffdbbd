"""Named presets; scripts read the one they run."""

PRETRAIN = {"vocab": 200, "hidden": 32, "layers": 2, "steps": 100, "lr": 3e-4}

FINETUNE = {
    **PRETRAIN,
    "steps": 3,
    "lr": 1e-4,
    "batch": 8,
    "seq_len": 16,
    # the pretraining export is a single consolidated file
    "state_dict_type": "full",
}
