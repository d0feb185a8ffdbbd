# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'lmtrain.models.blocknet.Block'>]. You can try defining a
# flagged-in: src/lmtrain/utils/dist.py
"""python scripts/train.py [steps]: train from a checkout; the package lives under src/."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from lmtrain.engine.fit import fit  # noqa: E402

if __name__ == "__main__":
    fit(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
