"""Fabric settings per run profile: the pod run, and a quick smoke run to try a change first."""
import os

BASE = {"accelerator": "tpu", "devices": "auto", "precision": "bf16-true"}
PROFILES = {
    "pod": {},
    "smoke": {"accelerator": "cpu", "precision": "32-true"},
}
PROFILE = os.environ.get("RUN_PROFILE", "smoke")


def fabric_kwargs(profile=PROFILE):
    return dict(BASE, **PROFILES[profile])
