"""The run's settings: train.toml beside this module, parsed once and shared by every module."""
import functools
import tomllib
from pathlib import Path

CONFIG_FILE = Path(__file__).with_name("train.toml")


@functools.lru_cache(maxsize=1)
def get_config() -> dict:
    with CONFIG_FILE.open("rb") as f:
        return tomllib.load(f)


def run_settings() -> dict:
    return get_config()["run"]
