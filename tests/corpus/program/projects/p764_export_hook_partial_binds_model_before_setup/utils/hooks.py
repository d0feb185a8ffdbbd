"""A small hook list: functions registered with an interval, run after every optimizer step."""


class HookList:
    def __init__(self):
        self._hooks = []

    def register(self, fn, every=1):
        self._hooks.append((fn, every))
        return fn

    def __len__(self):
        return len(self._hooks)

    def __call__(self, fabric, step):
        for fn, every in self._hooks:
            if step % every == 0:
                fn(fabric, step=step)
