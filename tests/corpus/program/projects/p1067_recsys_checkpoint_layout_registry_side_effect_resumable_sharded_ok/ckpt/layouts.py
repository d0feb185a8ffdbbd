"""Built-in layouts: `resumable` keeps per-replica shards so a preempted job restarts where it stopped."""
from . import register_layout


@register_layout("resumable")
def resumable():
    return {"state_dict_type": "sharded"}
