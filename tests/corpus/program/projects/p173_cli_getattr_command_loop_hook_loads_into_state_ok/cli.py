# expect: none
# oracle: OK
# twin: p172_cli_getattr_command_loop_hook_loads_into_bare_module
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
