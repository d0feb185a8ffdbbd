"""Run settings of the keyword-spotting CTC model; `strategy` names an entry of registry.STRATEGIES."""
strategy = "fsdp_blocks"
lr = 2e-3
steps = 3
batch_size = 6
frames = 20
n_mels = 24
vocab = 12
