"""The DCGAN tutorial's knobs, kept as module constants (shrunk so one step runs on a host CPU)."""
batch_size = 4
image_size = 16
nc = 3  # channels in the training images
nz = 8  # size of the latent vector
ngf = 4  # generator feature maps
ndf = 4  # discriminator feature maps
num_epochs = 1
num_batches = 2
lr = 0.0002
beta1 = 0.5
