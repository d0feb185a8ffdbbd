"""An object a function is given, called or asked for a method in its body (`reducer(fabric, loss)`, its class's
`__call__`; `reducer.reduce(fabric, loss)`), read for the call that passes it: the instance a pick of a table
builds (`REDUCERS[args.reducer]()`), handed to `fabric.launch(evaluate, ...)`. The method's body runs with
`self` that instance and the call's arguments. (Before: a call of an instance was no method run, and a
parameter was never asked as a receiver, so nothing was said.)"""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import check_source

SOURCE = """\
    import argparse
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy


    class Reducer:
        op = "mean"

        def {method}(self, fabric, value):
            return fabric.all_reduce(value, reduce_op=self.op)


    class PeakReducer(Reducer):
        op = "{peak}"


    class WorstReducer(PeakReducer):
        pass


    REDUCERS = {{"peak": PeakReducer, "worst": WorstReducer}}


    def evaluate(fabric, reducer):
        return {call}


    if __name__ == "__main__":
        parser = argparse.ArgumentParser()
        parser.add_argument("--reducer", choices=sorted(REDUCERS), default="worst")
        args = parser.parse_args()
        fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
        fabric.launch(evaluate, REDUCERS[args.reducer]())
"""
MAX = ("Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max; "
       "`all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")


def found(method: str, peak: str, call: str) -> list[tuple[str, str, str, str]]:
    source = textwrap.dedent(SOURCE.format(method=method, peak=peak, call=call))
    report = check_source(source, "eval.py")
    assert not report.failures
    return [(f.code, f.severity.value, f"{f.span.start.line + 1}:{f.span.start.column + 1}-"
             f"{f.span.end.line + 1}:{f.span.end.column + 1}", f.message) for f in report.findings]


def test_an_instance_a_launched_function_is_given_and_calls_runs_its_class_call():
    assert found("__call__", "max", "reducer(fabric, fabric.device)") == [
        ("LXF027", "error", "25:12-25:19", f"{MAX} (in `__call__`, line 10, for this call)")]


def test_a_method_of_an_instance_a_launched_function_is_given_runs_for_the_call():
    assert found("reduce", "max", "reducer.reduce(fabric, fabric.device)") == [
        ("LXF027", "error", "25:12-25:26", f"{MAX} (in `reduce`, line 10, for this call)")]


def test_an_instance_given_whose_call_reduces_by_a_supported_op_is_fine():
    assert found("__call__", "sum", "reducer(fabric, fabric.device)") == []
    assert found("reduce", "sum", "reducer.reduce(fabric, fabric.device)") == []


def test_a_function_given_and_called_is_no_method_run():
    # `reducer` a function the launch passes: its call runs it, not a class's `__call__`
    source = SOURCE.replace("REDUCERS[args.reducer]()", "REDUCERS[args.reducer]")
    report = check_source(textwrap.dedent(source.format(method="__call__", peak="max", call="reducer(fabric, fabric.device)")), "eval.py")
    assert [f.code for f in report.findings] == []
