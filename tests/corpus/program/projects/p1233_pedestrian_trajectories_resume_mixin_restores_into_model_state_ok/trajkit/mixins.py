from .utils import checkpoint as ckpt


class ResumeMixin:
    """Restores the model weights of a previous run before the first step."""

    def __init__(self, *args, resume_from=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.resume_from = resume_from

    def on_fit_start(self):
        super().on_fit_start()
        if self.resume_from is not None:
            ckpt.restore(self.fabric, self.resume_from, {"model": self.model})
            self.fabric.print(f"resumed weights from {self.resume_from}")
