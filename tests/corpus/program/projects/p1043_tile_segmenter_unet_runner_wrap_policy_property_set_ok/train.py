# expect: none
# oracle: OK
# twin: p1042_tile_segmenter_unet_runner_wrap_policy_property_list
"""python train.py [runner]: train a land-cover segmenter on random satellite tiles (src/ layout, no install)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

from tileseg.runners import RUNNERS  # noqa: E402


def main(argv):
    name = argv[1] if len(argv) > 1 else "unet"
    RUNNERS[name]().launch()


if __name__ == "__main__":
    main(sys.argv)
