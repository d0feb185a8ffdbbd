"""Tasks by name. A task builder returns (model, make_optimizer): make_optimizer(module) builds the optimizer for
the module Fabric hands back, so that it sees the sharded parameters."""
TASKS = {}


def register_task(name):
    def decorator(builder):
        TASKS[name] = builder
        return builder

    return decorator


def build_task(name, **options):
    return TASKS[name](**options)


from . import downscale, nowcast  # noqa: E402,F401  (each module registers its task)
