TRAIN = {
    "lr": 3e-4,
    "steps": 2,
    "batch_size": 8,
    "grad_clip": 1.0,
}
