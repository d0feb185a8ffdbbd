"""Human-friendly numbers in configs: '2k', '1.5M', '3e6'."""
_SUFFIXES = {"k": 1_000, "m": 1_000_000, "b": 1_000_000_000}


def parse_count(value):
    if isinstance(value, (int, float)):
        return int(value)
    text = str(value).strip().lower().replace("_", "")
    if text and text[-1] in _SUFFIXES:
        return int(float(text[:-1]) * _SUFFIXES[text[-1]])
    return int(float(text))


def human(n):
    for suffix, scale in (("B", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f}{suffix}"
    return str(n)
