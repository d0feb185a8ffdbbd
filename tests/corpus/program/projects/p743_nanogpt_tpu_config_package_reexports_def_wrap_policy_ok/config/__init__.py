# the active run configuration; point this at another file in config/ to switch runs
from .train_shakespeare_char_tpu import *  # noqa: F401,F403
