"""A `detect` section of any shape never crashes the engine: the schema check names what is wrong, and a
section it accepts runs on code without raising."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from errata_lsp.analysis import check_source
from errata_lsp.analysis.detect import DetectError, DetectRule, check_spec

from .test_detect import GADGET

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(
        ["", "x", "{value}", "{", "speed", "kind", "equals", "fabric", "xla_fsdp", "replace_value", "error", 0.5]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["kind", "equals", "not", "any", "text", "when", "keyword", "position", "to", "title",
                         "qualified", "method", "string", "fact", "is", "sibling", "x"]), inner, max_size=3),
    max_leaves=8)
KEYS = sorted(GADGET) + ["unless", "strategy", "paths", "at", "lookup", "warning_unless", "some_paths", "severity"]
TEXT = ("from widgets import Gadget\nimport lightning as L\nSPEED = 0\nf = L.Fabric(strategy='xla_fsdp')\n"
        "Gadget(SPEED, turbo=None)\nGadget(speed=[0], **{'size': 1})\nf.launch()\n")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KEYS), JSON), min_size=1, max_size=3))
def test_any_section_is_named_wrong_or_runs(changes):
    spec = copy.deepcopy(GADGET)
    for key, value in changes:
        spec[key] = value
    problems = check_spec(spec)
    assert isinstance(problems, list) and all(isinstance(p, str) and p for p in problems)
    try:
        rule = DetectRule(spec, "g1")
    except DetectError as exc:
        assert exc.problems == problems and problems
        return
    assert problems == []
    report = check_source(TEXT, "a.py", rules=[rule])
    assert report.failures == [], report.failures[0].detail


PREDICATE_NAMES = ["kind", "kind_not", "truthy", "in_this_file", "at_argument", "only_value", "constant", "equals",
                   "not_in", "lower_in", "lower_not_in", "qualified", "member_of", "any", "not", "all_found", "present",
                   "absent", "no_arguments", "star_args", "sibling", "fabric", "accelerator", "fact", "nope"]
PREDICATE = st.builds(lambda key, arg, extra: {key: arg, **extra}, st.sampled_from(PREDICATE_NAMES), JSON,
                      st.dictionaries(st.sampled_from(["position", "except", "only", "is"]), JSON, max_size=2))


@settings(max_examples=300, deadline=None)
@given(st.lists(PREDICATE, max_size=3), st.lists(PREDICATE, max_size=2), st.sampled_from(["single", "any",
                                                                                           "every-error-some-warning"]))
def test_any_predicates_are_named_wrong_or_run(match, unless, paths):
    spec = {**copy.deepcopy(GADGET), "match": match, "unless": unless, "paths": paths}
    problems = check_spec(spec)
    if problems:
        return
    report = check_source(TEXT, "a.py", rules=[DetectRule(spec, "g1")])
    assert report.failures == [], report.failures[0].detail
