"""One module per pod slice: `python train.py --config v4_8` runs with configs/v4_8.py."""
