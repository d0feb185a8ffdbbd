"""This experiment's recipe."""
from builders import ModelSetup

setup_model = ModelSetup(lr=1e-3, weight_decay=0.1)
STEPS = 2
