"""Run configuration of the denoiser."""
from denoise.edict import EDict

cfg = EDict()
cfg.image = EDict(size=16, channels=1, noise_std=0.3)
cfg.model = EDict(width=16, depth=2)
cfg.optim = EDict(lr=2e-3, steps=3, batch=8)
cfg.checkpoint = EDict()
# every rank writes and reads back its own shard
cfg.checkpoint.state_dict_type = "sharded"
cfg.checkpoint.every = 2
