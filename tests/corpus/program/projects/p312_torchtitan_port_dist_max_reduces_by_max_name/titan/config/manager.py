import argparse
from dataclasses import fields

from titan.config.job_config import JobConfig


class ConfigManager:
    """Builds the JobConfig from its defaults and `--section.field value` overrides on the command line."""

    def __init__(self, config_cls=JobConfig):
        self.config_cls = config_cls

    def parse_args(self, args=None) -> JobConfig:
        config = self.config_cls()
        parser = argparse.ArgumentParser()
        for section in fields(config):
            for f in fields(getattr(config, section.name)):
                parser.add_argument(f"--{section.name}.{f.name}", type=type(getattr(getattr(config, section.name), f.name)))
        for key, value in vars(parser.parse_args(args)).items():
            if value is not None:
                section, name = key.split(".")
                setattr(getattr(config, section), name, value)
        return config
