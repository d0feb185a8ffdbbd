"""Run settings: the defaults, which a launcher may change before `train.py` reads them."""
