"""Team-wide defaults for the nowcasting entry points, applied with `parser.set_defaults` after the arguments exist.

Keeping them here means a default changes in one place for train.py, finetune.py and evaluate.py.
"""

RUN_DEFAULTS = dict(
    accelerator="cpu",  # quick local smoke runs; the pod launcher passes its own flags
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
