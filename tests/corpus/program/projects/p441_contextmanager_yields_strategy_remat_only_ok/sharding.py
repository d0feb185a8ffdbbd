"""The XLA FSDP strategy of a run, built in a context that logs what it shards and when the run is over."""
import logging
from contextlib import contextmanager

from lightning.fabric.strategies import XLAFSDPStrategy

log = logging.getLogger(__name__)


@contextmanager
def sharded_strategy(settings):
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=settings.WRAP_LAYERS,
        activation_checkpointing_policy=settings.REMAT_LAYERS,
        state_dict_type="sharded",
    )
    log.info("sharding %s", sorted(layer.__name__ for layer in settings.WRAP_LAYERS))
    try:
        yield strategy
    finally:
        log.info("run over")
