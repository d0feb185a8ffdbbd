# expect: LXF018
# oracle: RAISED TypeError: `Fabric.launch(function=<function run at 0x7f488baeafc0>)` needs to take at least one argument. The launcher will pass i
# flagged-in: train.py
"""python main.py: start the pod run (torch and the model load only when a run starts)."""
import sys

from launcher import get_fabric


def main(argv):
    if "--help" in argv:
        print(__doc__)
        return
    import train

    get_fabric().launch(train.run)


if __name__ == "__main__":
    main(sys.argv[1:])
