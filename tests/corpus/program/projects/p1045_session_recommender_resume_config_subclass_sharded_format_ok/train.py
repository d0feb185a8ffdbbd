# expect: none
# oracle: OK
# twin: p1044_session_recommender_resume_config_subclass_sharded_state_dict_format
"""python train.py [preset]: train the session-based next-item recommender; the nightly preset also checks resumption."""
import sys

import configs
from recsys.loop import run

if __name__ == "__main__":
    run(configs.load(sys.argv[1] if len(sys.argv) > 1 else "nightly"))
