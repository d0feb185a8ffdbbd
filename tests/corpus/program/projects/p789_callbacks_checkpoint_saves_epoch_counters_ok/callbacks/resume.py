"""After training, reads the last checkpoint back the way a resumed run would."""


class ResumeProbe:
    def __init__(self, path, enabled=True):
        self.path = path
        self.enabled = enabled

    def on_fit_end(self, fabric, model, optimizer, **_):
        if not self.enabled:
            return
        state = {"model": model, "optimizer": optimizer, "step": 0, "epoch": 0}
        fabric.load(self.path, state)
        fabric.print(f"resume probe: checkpoint at epoch {state['epoch']}, step {state['step']}")
