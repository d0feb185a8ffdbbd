"""Named presets as plain dicts; Config.from_name picks one. `tiny` is the CPU smoke test's."""
PRESETS = {
    "tiny": dict(dim=32, depth=1, steps=1, lr=1e-3, loss_reduce="max"),
    "tpu-v4-8": dict(dim=32, depth=2, steps=2, lr=3e-4, loss_reduce="max"),
}
