"""Run configuration: a JSON document kept next to the code, plus accessors with the team's defaults."""
import json

RUN_JSON = """
{
  "model": {"in_features": 24, "hidden": 96, "classes": 4},
  "optim": {"lr": 0.001, "betas": [0.9, 0.98]},
  "train": {"steps": 2, "batch_size": 16},
  "checkpoint": {"dir": "ckpt/tabular", "every": 2}
}
"""


def load():
    return json.loads(RUN_JSON)


def strategy_options(cfg):
    ckpt = cfg.get("checkpoint", {})
    # "consolidated" was meant as: one file per run, gathered on rank 0
    return {"state_dict_type": ckpt.get("format", "consolidated"), "sequential_save": ckpt.get("sequential", False)}


def optimizer_options(cfg):
    opt = cfg["optim"]
    return {"lr": opt.get("lr", 3e-4), "betas": tuple(opt.get("betas", (0.9, 0.999)))}


def describe(cfg):
    lines = []
    for section, values in cfg.items():
        lines.append(f"[{section}] " + ", ".join(f"{k}={v}" for k, v in values.items()))
    return "\n".join(lines)
