# a tiny run on a TPU pod; the dtype settings come from the GPU config this file was copied from
batch_size = 4
block_size = 16
max_iters = 2
precision = "bf16-mixed"
