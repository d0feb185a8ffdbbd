"""Short precision names, as people type them, to the XLA precisions Lightning takes."""
ALIASES = {
    "fp32": "32-true",
    "32": "32-true",
    "bf16": "bf16-true",
    "fp16": "16-true",
}


def normalize_precision(name):
    name = str(name).lower()
    return ALIASES.get(name, name)
