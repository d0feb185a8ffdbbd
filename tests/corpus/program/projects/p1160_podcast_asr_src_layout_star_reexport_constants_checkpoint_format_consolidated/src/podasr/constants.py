"""Constants shared by the data pipeline, the model and the training scripts."""

SAMPLE_RATE = 16_000
N_MELS = 40
VOCAB = "_ abcdefghijklmnopqrstuvwxyz'"  # index 0 is the CTC blank
HIDDEN = 64
FRAMES = 50

# one checkpoint per run, gathered into a single file by the strategy
CHECKPOINT_FORMAT = "consolidated"
