"""Defaults of every run; experiment modules override them by assignment."""
PRECISION = "32-true"
LR = 1e-3
STEPS = 2
