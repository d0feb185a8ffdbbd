"""Image denoising with a small convolutional autoencoder."""
