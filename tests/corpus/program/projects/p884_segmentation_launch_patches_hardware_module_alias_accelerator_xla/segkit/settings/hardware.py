"""Where the run executes. Launchers patch these module attributes before calling `train.main()`."""
ACCELERATOR = "auto"
DEVICES = "auto"
PRECISION = "32-true"
