# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: sharded_state_dict
# flagged-in: configs/nightly.py
"""python train.py [preset]: train the session-based next-item recommender; the nightly preset also checks resumption."""
import sys

import configs
from recsys.loop import run

if __name__ == "__main__":
    run(configs.load(sys.argv[1] if len(sys.argv) > 1 else "nightly"))
