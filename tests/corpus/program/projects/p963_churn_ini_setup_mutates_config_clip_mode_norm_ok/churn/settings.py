"""Process-wide settings. `CONFIG` holds the defaults until `setup()` reads an INI file over them."""
import configparser
from pathlib import Path
from types import SimpleNamespace

DEFAULT_INI = Path(__file__).resolve().parent.parent / "churn.ini"

CONFIG = SimpleNamespace(
    rows=32,
    features=12,
    lr=1e-3,
    steps=2,
    clip_mode="norm",
    clip_threshold=1.0,
)


def setup(path=DEFAULT_INI):
    """Read the INI file into CONFIG (call once, before training starts)."""
    ini = configparser.ConfigParser()
    ini.read(path)
    CONFIG.rows = ini.getint("data", "rows", fallback=CONFIG.rows)
    CONFIG.features = ini.getint("data", "features", fallback=CONFIG.features)
    CONFIG.lr = ini.getfloat("optim", "lr", fallback=CONFIG.lr)
    CONFIG.steps = ini.getint("optim", "steps", fallback=CONFIG.steps)
    CONFIG.clip_mode = ini.get("optim", "clip_mode", fallback=CONFIG.clip_mode)
    CONFIG.clip_threshold = ini.getfloat("optim", "clip_threshold", fallback=CONFIG.clip_threshold)
    return CONFIG
