"""The default of every config group (what hydra would read from conf/*.yaml)."""
DEFAULTS = {
    "trainer": {"accelerator": "tpu", "devices": "auto", "strategy": "fsdp", "precision": "bf16-true"},
    "model": {"n_layer": 2},
    "optim": {"lr": 1e-3},
    "loop": {"steps": 2},
}
