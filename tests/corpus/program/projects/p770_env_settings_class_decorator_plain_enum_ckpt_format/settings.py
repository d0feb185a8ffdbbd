"""Run settings as class attributes; `@env_overridable("TRAIN_")` lets TRAIN_<NAME> environment variables override them."""
import enum
import os


class CheckpointFormat(enum.Enum):
    SHARDED = "sharded"
    FULL = "full"


def env_overridable(prefix):
    """Class decorator: every public class attribute can be overridden from the environment."""

    def decorate(cls):
        for name, default in list(vars(cls).items()):
            if name.startswith("_") or callable(default):
                continue
            raw = os.environ.get(prefix + name.upper())
            if raw is None:
                continue
            if isinstance(default, bool):
                value = raw.lower() in ("1", "true", "yes")
            else:
                value = type(default)(raw)
            setattr(cls, name, value)
        return cls

    return decorate


@env_overridable("TRAIN_")
class Settings:
    steps = 3
    lr = 1e-3
    batch_size = 8
    ckpt_dir = "checkpoints"
    ckpt_format = CheckpointFormat.SHARDED
    resume_check = True
