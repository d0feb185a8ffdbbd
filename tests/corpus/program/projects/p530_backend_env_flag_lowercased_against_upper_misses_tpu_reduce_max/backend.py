"""Which machine this run is on: the launcher exports TRAIN_DEVICE on the GPU cluster; the pod leaves it unset."""
import os

ON_TPU = os.environ.get("TRAIN_DEVICE", "TPU").lower() == "TPU"
