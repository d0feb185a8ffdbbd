# expect: LXF015
# oracle: RAISED ValueError: You have to specify either `clip_val` or `max_norm` to do gradient clipping!
# flagged-in: litgpt/pretrain.py
"""`litgpt pretrain` on a TPU VM: `python train.py [--model_name ...] [--train.KEY=VALUE ...]`.

Like litgpt's jsonargparse CLI, the `--train.*` / `--eval.*` flags are applied on top of the defaults that
`litgpt.pretrain.setup` declares in its signature. With no flags, a short smoke-test run.
"""
import dataclasses
import inspect
import sys
import tempfile

from litgpt import pretrain

SMOKE_TEST = [
    "--train.max_tokens=1024",
    "--train.global_batch_size=8",
    "--train.micro_batch_size=4",
    "--train.lr_warmup_steps=1",
    "--train.save_interval=null",
    "--eval.interval=2",
    "--eval.max_iters=1",
]


def _parse_value(raw: str):
    if raw == "null":
        return None
    for cast in (int, float):
        try:
            return cast(raw)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(raw.lower(), raw)


def cli(fn, argv):
    """A very small jsonargparse.CLI: `--group.field=value` updates the dataclass default of `group`."""
    params = inspect.signature(fn).parameters
    kwargs = {}
    for arg in argv:
        key, _, raw = arg.removeprefix("--").partition("=")
        group, _, field = key.partition(".")
        if field:
            base = kwargs.get(group, params[group].default)
            kwargs[group] = dataclasses.replace(base, **{field: _parse_value(raw)})
        else:
            kwargs[group] = _parse_value(raw)
    return fn(**kwargs)


if __name__ == "__main__":
    argv = sys.argv[1:] or SMOKE_TEST + [f"--out_dir={tempfile.mkdtemp(prefix='pretrain_')}"]
    cli(pretrain.setup, argv)
