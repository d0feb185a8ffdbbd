"""How each logged metric is combined across replicas."""
import enum


class Reduction(str, enum.Enum):
    SUM = "sum"
    MEAN = "mean"
    AVG = "avg"
    MAX = "max"
    MIN = "min"


REDUCTIONS = {
    "loss": Reduction.MEAN,
    "tokens": Reduction.SUM,
    "grad_norm": Reduction.AVG,
}
