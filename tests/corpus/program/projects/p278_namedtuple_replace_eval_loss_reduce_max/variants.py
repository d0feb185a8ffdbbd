"""The runs of the robustness study: report the worst replica's loss, not the average."""
from hparams import DEFAULTS

WORST_CASE = DEFAULTS._replace(batch_size=16, loss_reduce="max")
