# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
# flagged-in: tasks.py
"""python cli.py [command] [args...]: a fire-style CLI that calls the function of `tasks` named by argv[1]."""
import sys

import lightning as L

import tasks


def main(argv):
    name, args = (argv[0], argv[1:]) if argv else ("finetune", [])
    command = getattr(tasks, name)
    fabric = L.Fabric(accelerator="tpu", strategy="xla_fsdp", precision="32-true")
    fabric.launch(command, *args)


if __name__ == "__main__":
    main(sys.argv[1:])
