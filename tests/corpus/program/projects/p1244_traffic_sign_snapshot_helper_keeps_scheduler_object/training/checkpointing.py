"""Everything a resumed run needs, in one dict for `fabric.save`."""


def snapshot(model, optimizer, scheduler, step, best_acc):
    return {
        "model": model,
        "optimizer": optimizer,
        "scheduler": scheduler,
        "step": step,
        "best_acc": best_acc,
    }
