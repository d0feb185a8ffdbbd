"""How each logged metric is combined across replicas before rank 0 prints it."""


class Reduction:
    TOTAL = "sum"
    AVERAGE = "mean"
    PEAK = "max"


# metric name -> attribute of `Reduction`
METRIC_REDUCTIONS = {
    "loss": "AVERAGE",
    "flagged": "TOTAL",
    "grad_norm": "PEAK",
}


def reduce_metric(fabric, name, value):
    op = getattr(Reduction, METRIC_REDUCTIONS.get(name, "AVERAGE"))
    return fabric.all_reduce(value.detach(), reduce_op=op)
