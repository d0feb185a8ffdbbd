# train a miniature character-level shakespeare model on a TPU v4-8
# good for debugging and playing on TPUs

out_dir = 'out-shakespeare-char'
eval_interval = 2
eval_iters = 1
log_interval = 1
always_save_checkpoint = False

dataset = 'shakespeare_char'
gradient_accumulation_steps = 1
batch_size = 8
block_size = 16  # context of up to 16 previous characters

# baby GPT model :)
n_layer = 2
n_head = 2
n_embd = 32
dropout = 0.0
vocab_size = 65

learning_rate = 1e-3  # with baby networks can afford to go a bit higher
max_iters = 2
weight_decay = 1e-1
beta2 = 0.99  # make a bit bigger because number of tokens per iter is small
grad_clip = 1.0

# XLA FSDP: wrap every submodule that holds at least this many parameters in its own shard
min_shard_params = 10_000
def fsdp_wrap_policy(module, recurse, unwrapped_params):
    return recurse or unwrapped_params >= min_shard_params
