import itertools

from lightning.fabric.utilities import rank_zero_only


def rank_print(fabric, message: object, *, flush: bool = True, **kwargs) -> None:
    if fabric.local_rank == 0:
        message = str(message)
        # let each host print, but only on rank 0
        message = "\n".join(f"[{fabric.global_rank}] {line}" for line in message.splitlines())
        print(message, flush=flush, **kwargs)


@rank_zero_only
def count_parameters(model) -> int:
    return sum(p.numel() for p in itertools.chain(model.parameters()))
