# a tiny run on a TPU pod; bf16 weights, as XLA wants them
batch_size = 4
block_size = 16
max_iters = 2
precision = "bf16-true"
