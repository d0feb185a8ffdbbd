# expect: none
# oracle: OK
# twin: p250_lazy_main_fabric_getter_worker_without_parameter
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
