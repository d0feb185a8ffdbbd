from .accum import accumulate
