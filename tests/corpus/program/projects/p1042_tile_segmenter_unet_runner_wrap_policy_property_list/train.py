# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
# flagged-in: src/tileseg/runners/unet.py
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
