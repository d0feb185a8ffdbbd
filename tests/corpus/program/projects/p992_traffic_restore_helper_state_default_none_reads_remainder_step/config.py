"""Settings of the traffic-speed model: sensors, history length, checkpointing."""
SENSORS = 20
HISTORY = 12
HIDDEN = 64
LR = 1e-3
STEPS = 3
CHECKPOINT_NAME = "speed-model"
