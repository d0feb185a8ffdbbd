"""Every named experiment, collected from its module: `EXPERIMENTS["tiny"]` is `configs.tiny.CONFIG`."""
from configs import base_pod, tiny

EXPERIMENTS = {m.NAME: m.CONFIG for m in (tiny, base_pod)}
DEFAULT = base_pod.NAME
