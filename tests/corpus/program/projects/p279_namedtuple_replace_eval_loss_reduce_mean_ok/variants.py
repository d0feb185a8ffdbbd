"""The runs of the robustness study: a larger batch, the loss averaged over replicas."""
from hparams import DEFAULTS

LARGE_BATCH = DEFAULTS._replace(batch_size=16, loss_reduce="mean")
