"""Defaults of the wind-power regressor. utils.env.setup_env adjusts them for the chosen run profile."""

ACCELERATOR = "tpu"
DEVICES = "auto"
SEED = 1234

FEATURES = 6  # wind speed, direction (sin, cos), air density, pitch, rotor rpm
HIDDEN = 48
BATCH = 32
STEPS = 5
LR = 2e-3
