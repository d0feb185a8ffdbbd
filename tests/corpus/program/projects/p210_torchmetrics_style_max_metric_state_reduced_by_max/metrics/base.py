"""`Metric`: states registered with `add_state`, each synced with its own reduction."""


class Metric:
    def __init__(self):
        self._reductions = {}

    def add_state(self, name, default, dist_reduce_fx=None):
        """`dist_reduce_fx`: the all-reduce op for the state, or None to gather every process's value."""
        setattr(self, name, default.clone())
        self._reductions[name] = dist_reduce_fx

    def sync(self, fabric):
        for name, reduce_fx in self._reductions.items():
            value = getattr(self, name)
            if reduce_fx is None:
                value = fabric.all_gather(value)
            else:
                value = fabric.all_reduce(value, reduce_op=reduce_fx)
            setattr(self, name, value)

    def compute_synced(self, fabric):
        self.sync(fabric)
        return self.compute()
