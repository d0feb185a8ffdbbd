# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: engines/tpu.py
"""python train.py [--backend tpu]: keyword-spotting CNN on synthetic MFCC frames; the engine class is looked up by name."""
import argparse

from engines import get_engine
from model import KeywordSpotter


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", default="tpu")
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args(argv)
    engine_cls = get_engine(args.backend)
    engine = engine_cls(model_fn=KeywordSpotter, steps=args.steps)
    engine.fit()


if __name__ == "__main__":
    main()
