"""Experiment overrides, merged over whichever preset the run uses."""

EXPERIMENTS = {
    "baseline": {},
    # faster ablation: shorter clips, fewer steps, mixed precision for the speed-up
    "ablation_fast": {
        "fabric": {"precision": "16-mixed"},
        "data": {"frames": 8},
        "optim": {"steps": 2},
    },
}
