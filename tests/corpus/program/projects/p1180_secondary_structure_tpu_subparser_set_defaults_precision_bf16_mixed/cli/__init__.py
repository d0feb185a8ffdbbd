"""Command lines of the secondary-structure tagger: one parser per hardware target, sharing `common`."""
from cli.tpu import tpu_parser


def parse(argv=None):
    return tpu_parser().parse_args(argv)
