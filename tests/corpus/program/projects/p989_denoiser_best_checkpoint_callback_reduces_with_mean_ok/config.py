"""Run settings of the denoising autoencoder."""
IMAGE = 16
LATENT = 32
LR = 2e-3
EPOCHS = 2
STEPS_PER_EPOCH = 2
NOISE = 0.3

# keep the checkpoint with the lowest validation loss
CHECKPOINT = dict(monitor="val_loss", mode="min", filename="best")
