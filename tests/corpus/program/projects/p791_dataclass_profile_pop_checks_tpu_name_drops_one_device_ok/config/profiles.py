"""Named profiles: a smoke test (short, one core on a workstation) and the full pod run."""
import dataclasses

PROFILES = {
    "smoke": {"devices": 1, "steps": 2, "batch_size": 4},
    "pod": {"steps": 10_000, "batch_size": 256},
}


def resolve(cfg):
    overrides = dict(PROFILES[cfg.profile])
    if cfg.accelerator == "tpu":
        # XLAFSDP refuses a single core: smoke runs on TPU keep every core, just fewer steps.
        overrides.pop("devices", None)
    return dataclasses.replace(cfg, **overrides)
