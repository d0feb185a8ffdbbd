"""`next(sweep())` of a generator whose `yield` sits in a `for` over items the file knows all, on scripts labelled by
the real library (each file's `# oracle:` line): the value drawn is what the first turn not skipped yields, the
loop's names holding that turn's item (`itertools.product`, `zip`, `enumerate` of default tuples). A turn is
skipped by an `if <test>: continue` decided for its item; a guard the file cannot decide leaves the draw unknown.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

DATA = Path(__file__).parent / "data" / "generator_first_turn"
SCRIPTS = Path(__file__).parent / "corpus" / "program" / "scripts"
PRECISION = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
             "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
             "(from `trial['precision']`, line {})")


def findings(path: Path) -> list[tuple[str, str, int, int, int, str]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column, f.message)
            for f in check_source(path.read_text()).findings]


@pytest.mark.parametrize(("path", "line", "read"), [  # `read`: the line of the `def sweep` the value comes from
    (SCRIPTS / "s460_config_generator_next_precision_bf16_mixed.py", 50, 33),  # a loop over `itertools.product`
    (DATA / "g1_zip_first_pair.py", 48, 31),  # over `zip(precisions, lrs)`
    (DATA / "g3_guard_passes_first_turn.py", 52, 33),  # `if precision == "32-true": continue` keeps the first turn
    (DATA / "g5_enumerate_first.py", 48, 31),  # `for i, precision in enumerate(precisions)`
])
def test_first_turn_drawn_by_next_is_an_error(path, line, read):
    assert findings(path) == [("LXF007", "error", line, 49, 67, PRECISION.format(read))]


@pytest.mark.parametrize("path", [
    SCRIPTS / "s461_config_generator_next_precision_bf16_true_ok.py",  # the first turn's precision is supported
    DATA / "g2_guard_skips_first_turn_ok.py",  # a guard decided for each item skips the bf16-mixed turn
    DATA / "g4_undecided_guard_ok.py",  # a guard reading the environment: which turn comes first is unknown
])
def test_first_turn_that_runs_fine(path):
    assert findings(path) == []
