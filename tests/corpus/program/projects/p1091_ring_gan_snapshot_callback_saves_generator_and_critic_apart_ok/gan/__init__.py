"""A toy GAN that learns points on a ring."""
