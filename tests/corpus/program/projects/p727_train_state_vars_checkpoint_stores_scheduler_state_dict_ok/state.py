"""Everything a resumed run needs, in one object."""


class TrainState:
    def __init__(self, model, optimizer, scheduler=None, step=0, epoch=0):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.step = step
        self.epoch = epoch

    def to_checkpoint(self):
        ckpt = {k: v for k, v in vars(self).items() if v is not None}
        if "scheduler" in ckpt:
            ckpt["scheduler"] = ckpt["scheduler"].state_dict()
        return ckpt
