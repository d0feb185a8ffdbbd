"""Team-wide defaults for the nowcasting entry points, applied with `parser.set_defaults` after the arguments exist.

Keeping them here means a default changes in one place for train.py, finetune.py and evaluate.py.
"""

RUN_DEFAULTS = dict(
    accelerator="tpu",  # the pod is the default; smoke runs pass --accelerator themselves
    devices=4,  # one v4-8 host: 4 chips
    precision="32-true",
    stations=16,
    history=12,
    hidden=64,
    steps=3,
    lr=1e-3,
)


def install(parser):
    parser.set_defaults(**RUN_DEFAULTS)
    return parser
