"""The run's settings, read from train.ini beside this module."""
import configparser
from pathlib import Path

_ini = configparser.ConfigParser()
_ini.read(Path(__file__).with_name("train.ini"))

ACCELERATOR = _ini.get("fabric", "accelerator", fallback="tpu")
PRECISION = _ini.get("fabric", "precision", fallback="32-true")
STEPS = _ini.getint("train", "steps", fallback=10)
LR = _ini.getfloat("train", "lr", fallback=1e-3)
