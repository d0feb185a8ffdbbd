"""Settings of the low-memory experiment, applied by importing this module."""
import defaults

defaults.PRECISION = "16-mixed"
defaults.LR = 5e-4
