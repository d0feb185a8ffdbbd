# train a miniature character-level shakespeare model on a TPU VM (v3-8: 8 cores)
# good for debugging and playing on macbooks and such

out_dir = 'out-shakespeare-char'
eval_interval = 250 # keep frequent because we'll overfit
eval_iters = 2
log_interval = 1 # don't print too too often

# we expect to overfit on this small dataset, so only save when val improves
always_save_checkpoint = False

dataset = 'shakespeare_char'
gradient_accumulation_steps = 2
batch_size = 4
block_size = 32 # context of up to 32 previous characters

# baby GPT model :)
n_layer = 2
n_head = 2
n_embd = 32
dropout = 0.2

learning_rate = 1e-3 # with baby networks can afford to go a bit higher
max_iters = 3
lr_decay_iters = 3 # make equal to max_iters usually
min_lr = 1e-4 # learning_rate / 10 usually
beta2 = 0.99 # make a bit bigger because number of tokens per iter is small

warmup_iters = 1 # not super necessary potentially

# TPU: torch_xla's device, bf16 on v4 and later
device = 'xla'
dtype = 'float32'
compile = False # XLA compiles the graph itself
