"""Short precision names, as people type them, to the names Lightning takes."""
ALIASES = {
    "fp32": "32-true",
    "32": "32-true",
    "bf16": "bf16-mixed",
    "fp16": "16-mixed",
}


def normalize_precision(name):
    name = str(name).lower()
    return ALIASES.get(name, name)
