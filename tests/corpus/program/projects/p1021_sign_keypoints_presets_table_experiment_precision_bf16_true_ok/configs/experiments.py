"""Experiment overrides, merged over whichever preset the run uses."""

EXPERIMENTS = {
    "baseline": {},
    # faster ablation: shorter clips, fewer steps, bfloat16 weights for the speed-up
    "ablation_fast": {
        "fabric": {"precision": "bf16-true"},
        "data": {"frames": 8},
        "optim": {"steps": 2},
    },
}
