"""Records that detect: a record's `detect` section (kb/DETECT.md) as a rule, from the shipped records and
from `kb.paths`; what `kb validate` says of a broken one; and that a broken one never stops the others."""

from __future__ import annotations

import json
import os

from errata_lsp.analysis import check_source
from errata_lsp.analysis.detect import DetectError, DetectRule, check_spec, rules_from_paths
from errata_lsp.analysis.rules import BY_CODE, RULES
from errata_lsp.cli import main
from errata_lsp.settings import Settings

# The shipped records' `detect` sections (LXF001's and LXF002's records are text exports: their sections are in
# the pack's detect_sections).
DATA_RULES = {"LXF001", "LXF002", "LXF005", "LXF007", "LXF010", "LXF011", "LXF014", "LXF015", "LXF016", "LXF020", "LXF022",
              "LXF027", "LXF028", "LXF029", "LXF033", "LXF034", "LXF035", "LXF041", "LXF042", "LXF043"}
# The second pack, records only: the CUDA FSDPStrategy raise sites (lightning_fsdp.jsonl, and FSDP008 on the
# connector's record among the TPU records).
CUDA_FSDP_RULES = {f"FSDP{n:03d}" for n in range(1, 13)}
# The third, records only: XLAStrategy and SingleDeviceXLAStrategy (xla_single/records/lightning_xla.jsonl).
XLA_RULES = {"XLA001", "XLA002", "XLA003", "XLA004"}

# A pack of its own: `widgets.Gadget(speed=0)` jams; nothing of Lightning in it.
GADGET = {
    "code": "GDG001",
    "name": "zero-speed",
    "summary": "A gadget at speed 0 jams",
    "call": {"qualified": ["widgets.Gadget"]},
    "argument": {"keyword": "speed", "position": 0},
    "match": [{"equals": [0]}],
    "message": "`speed={value}` jams the gadget{from}",
    "fixes": [{"kind": "replace_value", "text": "1", "title": "Use speed=1", "safety": "unsafe", "preferred": True}],
    "examples": [
        {"bad": "from widgets import Gadget as G\ng = G(speed=0)\n", "fixed": "from widgets import Gadget as G\ng = G(speed=1)\n",
         "count": 1, "at": "2:13-2:14", "severity": "error"},
        {"good": "from widgets import Gadget\ng = Gadget(speed=2)\n"},
        {"good": "import widgets\nclass Gadget:\n    pass\nh = Gadget(speed=0)\n"},
    ],
}


def record(rid: str, detect: dict | None = None) -> dict:
    data = {"id": rid, "repo": "acme/widgets", "errorMessage": "Gadget jammed at speed {speed}", "errorClass": "RuntimeError"}
    if detect is not None:
        data["detect"] = detect
    return data


def write_records(path, *records) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def test_the_shipped_data_rules_are_in_the_pack_and_marked(capsys):
    assert {r.code for r in RULES if r.origin == "data"} == DATA_RULES | CUDA_FSDP_RULES | XLA_RULES
    assert BY_CODE["LXF012"].origin == "code"
    assert main(["rules"]) == 0
    lines = {line.split()[0]: line.split()[1] for line in capsys.readouterr().out.splitlines()}
    assert lines["LXF016"] == "data" and lines["LXF001"] == "data" and lines["LXF012"] == "code"
    assert BY_CODE["LXF016"].record == "cd66f7afcab1c7bf"
    assert BY_CODE["LXF016"].source.endswith("lightning_xla_fsdp.jsonl:29")
    assert BY_CODE["LXF002"].record == "fc8e29955b1155a3"
    assert BY_CODE["LXF001"].source.endswith(os.path.join("detect_sections", "seeds.jsonl") + ":1")
    assert BY_CODE["LXF002"].source.endswith(os.path.join("detect_sections", "seeds.jsonl") + ":2")


def test_a_kb_paths_record_detects_in_a_file_of_another_library(tmp_path):
    path = tmp_path / "mine.jsonl"
    write_records(path, record("g1", GADGET))
    text = "import widgets\nSPEED = 0\ng = widgets.Gadget(speed=SPEED)\n"
    assert check_source(text, "a.py").findings == []  # the shipped rules know nothing of widgets
    [finding] = check_source(text, "a.py", Settings(kb_paths=(str(path),))).findings
    assert (finding.code, finding.record_id, finding.severity.value) == ("GDG001", "g1", "error")
    assert finding.message == "`speed=0` jams the gadget (from `SPEED`, line 2)"
    assert (finding.span.start.line, finding.span.start.column, finding.span.end.column) == (2, 25, 30)
    [fix] = finding.fixes
    assert (fix.title, fix.safety.value, fix.preferred) == ("Use speed=1", "unsafe", True)
    assert [(e.span.start.line, e.span.start.column, e.new_text) for e in fix.edits] == [(1, 8, "1")]


def test_a_changed_record_file_is_read_again(tmp_path):
    path = tmp_path / "mine.jsonl"
    write_records(path, record("g1", GADGET))
    settings = Settings(kb_paths=(str(path),))
    text = "from widgets import Gadget\nGadget(speed=0)\n"
    assert [f.message for f in check_source(text, "a.py", settings).findings] == ["`speed=0` jams the gadget"]
    write_records(path, record("g1", {**GADGET, "message": "a gadget at `speed={value}` stops at once"}))
    os.utime(path, ns=(1, 1))  # a new stamp even within the file system's clock step
    assert [f.message for f in check_source(text, "a.py", settings).findings] == ["a gadget at `speed=0` stops at once"]


def test_a_broken_detect_is_skipped_with_its_file_and_line_and_the_others_still_run(tmp_path):
    path = tmp_path / "mine.jsonl"
    broken = {**GADGET, "code": "GDG002", "match": [{"equal": [0]}], "message": "speed {speed}"}
    write_records(path, record("g1", GADGET), record("g2", broken), record("g3", {**GADGET, "code": "LXF001"}))
    rules, problems = rules_from_paths((str(path),), BY_CODE)
    assert [r.code for r in rules] == ["GDG001"]
    assert [str(p) for p in problems] == [
        f"{path}:2: record 'g2': detect: `match`[0]: unknown predicate `equal` (kb/DETECT.md lists them)",
        f"{path}:2: record 'g2': detect: `message`: unknown placeholder `{{speed}}`",
        f"{path}:3: record 'g3': detect: code LXF001 is already used; skipped",
    ]
    text = "from widgets import Gadget\nGadget(speed=0)\n"
    report = check_source(text, "a.py", Settings(kb_paths=(str(path),)))
    assert [f.code for f in report.findings] == ["GDG001"] and report.failures == []


def test_schema_problems_are_named_one_by_one():
    spec = {"code": "gdg1", "name": "Zero Speed", "call": {"method": "go", "qualified": ["x.y"]}, "colour": "red",
            "argument": {"keyword": "speed", "index": 0}, "unless": [{"fact": "sunny"}],
            "fixes": [{"kind": "paint", "title": "x"}, {"kind": "replace_value", "title": "{nope}", "text": "1"}],
            "message": "m", "paths": "most", "at": {"argument": "speed"}, "examples": [{"bad": "x = 1\n"}]}
    assert check_spec(spec) == [
        "unknown key `colour`",
        "`code` must look like LXF016 (2-5 capitals, 3 digits)",
        "`name` must be kebab-case",
        "`call` must have exactly one of `qualified` and `method`",
        "`argument`: must be {\"keyword\": name, \"position\": N} (either or both)",
        "`unless`[0]: unknown fact `sunny` (known: strategy_has_accelerator, strategy_accelerator_objects, strategy_has_precision, "
        "plugins_given, plugins_precision, strategy_xla_precision)",
        "`at` must be one of value, argument, call, callee, or {\"keyword\": name}",
        "`paths` must be one of every-error-some-warning, any, single",
        "`fixes[0]`: `kind` must be one of replace_value, nearest, to_set, remove_argument, remove_sibling, "
        "replace_sibling, insert_keyword, replace_argument, remove_nested, rename_keyword, rename_callee, "
        "replace_receiver",
        "`fixes[1]`: `title`: unknown placeholder `{nope}`",
        "`examples[0]`: a `bad` example needs `count`",
        "`examples[0]`: a `bad` example needs `at`",
        "`examples[0]`: a `bad` example needs `severity`",
        "`examples` needs at least one `bad` and one `good`",
    ]
    try:
        DetectRule(spec, "r1")
    except DetectError as exc:
        assert exc.problems == check_spec(spec)
    else:
        raise AssertionError("a broken section made a rule")
    assert check_spec(GADGET) == []
    assert check_spec(["not", "an", "object"]) == ["`detect` must be an object"]


def test_kb_validate_runs_the_examples(tmp_path, capsys):
    path = tmp_path / "mine.jsonl"
    wrong = {**GADGET, "examples": [{**GADGET["examples"][0], "at": "2:1-2:2", "severity": "warning"},
                                    {"good": "from widgets import Gadget\nGadget(speed=0)\n"}]}
    write_records(path, record("g1", GADGET), record("g2", {**wrong, "code": "GDG002"}))
    assert main(["kb", "validate", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}:2: record 'g2': detect: examples[0]: underlines 2:13-2:14, the example says 2:1-2:2",
        f"{path}:2: record 'g2': detect: examples[0]: severity error, the example says warning",
        f"{path}:2: record 'g2': detect: examples[1]: flagged good code: `speed=0` jams the gadget",
    ]
    write_records(path, record("g1", GADGET))
    assert main(["kb", "validate", str(path)]) == 0


def test_the_shipped_knowledge_base_validates_with_its_detect_sections(capsys):
    assert main(["kb", "validate"]) == 0
    assert capsys.readouterr().out == ""


def test_severity_by_path_and_message_parts(tmp_path):
    spec = {**GADGET, "message": [{"text": "`speed={value}` jams"}, {"text": " (a zero)", "when": [{"equals": [0]}]}],
            "match": [{"equals": [0, -1]}]}
    path = tmp_path / "mine.jsonl"
    write_records(path, record("g1", spec))
    text = ("from widgets import Gadget\n"
            "def make(cfg):\n"
            "    speed = 0 if cfg.slow else 5\n"
            "    return Gadget(speed=speed)\n"
            "Gadget(speed=-1)\n")
    found = check_source(text, "a.py", Settings(kb_paths=(str(path),))).findings
    assert [(f.span.start.line, f.severity.value, f.message) for f in found] == [
        (3, "warning", "`speed=0` jams (a zero); when cfg.slow"),
        (4, "error", "`speed=-1` jams"),
    ]


def test_check_reads_the_kb_paths_of_pyproject(tmp_path, monkeypatch, capsys):
    write_records(tmp_path / "mine.jsonl", record("g1", GADGET))
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nkb-paths = ["mine.jsonl"]\n', encoding="utf-8")
    script = tmp_path / "run.py"
    script.write_text("from widgets import Gadget\nGadget(0)\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--quiet", "run.py"]) == 1
    assert capsys.readouterr().out.splitlines() == ["run.py:2:8: GDG001 `speed=0` jams the gadget"]
    assert main(["check", "--fix", "--unsafe-fixes", "--quiet", "run.py"]) == 0
    assert script.read_text(encoding="utf-8") == "from widgets import Gadget\nGadget(1)\n"


def test_strategy_tells_the_cuda_fsdp_strategy_apart(tmp_path):
    spec = {"code": "FSD001", "name": "no-sync-name", "call": {"method": "barrier"}, "strategy": ["fsdp"],
            "argument": {"keyword": "name", "position": 0}, "match": [{"equals": [0]}],
            "message": "`{callee}({value})` under FSDP", "at": "call",
            "examples": [{"bad": "from lightning.fabric import Fabric\nf = Fabric(strategy='fsdp')\nf.barrier(0)\n",
                          "count": 1, "at": "3:1-3:13", "severity": "error"},
                         {"good": "from lightning.fabric import Fabric\nf = Fabric(strategy='ddp')\nf.barrier(0)\n"}]}
    path = tmp_path / "fsdp.jsonl"
    write_records(path, record("f1", spec))
    text = ("from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy\n"
            "a = Fabric(strategy=FSDPStrategy())\n"
            "b = Fabric(strategy='fsdp', accelerator='cuda')\n"
            "c = Fabric(strategy='fsdp', accelerator='tpu')\n"
            "d = Fabric(strategy=XLAFSDPStrategy())\n"
            "e = Fabric(strategy='ddp')\n"
            "a.barrier(0)\nb.barrier(name=0)\nc.barrier(0)\nd.barrier(0)\ne.barrier(0)\n")
    found = check_source(text, "a.py", Settings(kb_paths=(str(path),))).findings
    assert [(f.code, f.span.start.line, f.message) for f in found] == [
        ("FSD001", 7, "`a.barrier(0)` under FSDP"), ("FSD001", 8, "`b.barrier(0)` under FSDP")]


def test_no_rule_imports_another_rule():
    import ast

    from errata_lsp.analysis.packs import HERE

    paths = sorted(HERE.glob("*/rules/*.py"))  # every pack's rules
    assert any(path.name.startswith("lxf") for path in paths)
    for path in paths:
        siblings = {p.stem for p in path.parent.glob("*.py")} - {"__init__"}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not (node.level == 1 and module.split(".")[0] in siblings), f"{path.name} imports {module}"
                assert "rules.lxf" not in module, f"{path.name} imports {module}"


def test_kb_paths_that_cannot_be_read_leave_the_shipped_rules_working(tmp_path):
    text = "from lightning.fabric.strategies import XLAFSDPStrategy\ns = XLAFSDPStrategy(state_dict_type='FULL')\n"
    paths = (str(tmp_path / "nul\0name.jsonl"), "/dev/zero", str(tmp_path / "missing.jsonl"))
    report = check_source(text, "a.py", Settings(kb_paths=paths))
    assert [f.code for f in report.findings] == ["LXF020"] and report.failures == []


def _only(spec_changes: dict, text: str, tmp_path) -> list:
    path = tmp_path / "fix.jsonl"
    spec = {key: value for key, value in {**GADGET, **spec_changes}.items() if value is not None}
    write_records(path, record("g1", spec))
    return check_source(text, "a.py", Settings(kb_paths=(str(path),))).findings


def _applied(text: str, fix) -> str:
    from errata_lsp.analysis import apply_fix

    return apply_fix(text, fix.edits)


def test_fix_templates_rename_replace_remove_and_make_a_set(tmp_path):
    # rename the method and take the receiver's own receiver: `gadget.engine.spin(x)` -> `gadget.rotate(x)`
    text = "import widgets\ngadget = widgets.Gadget()\ngadget.engine.spin(3)\n"
    [finding] = _only({"call": {"method": "spin", "receiver": "any"}, "argument": {"position": 0},
                       "match": [{"equals": [3]}], "at": "callee", "message": "`{callee}` spins {value} times",
                       "fixes": [{"kind": "rename_callee", "to": "rotate", "title": "Rotate"},
                                 {"kind": "replace_receiver", "with": "{receiver_base}", "title": "Call it on `{receiver}`'s owner"}]},
                      text, tmp_path)
    assert finding.message == "`gadget.engine.spin` spins 3 times"
    rotate, owner = finding.fixes
    assert _applied(text, rotate) == "import widgets\ngadget = widgets.Gadget()\ngadget.engine.rotate(3)\n"
    assert owner.title == "Call it on `gadget.engine`'s owner"
    assert _applied(text, owner) == "import widgets\ngadget = widgets.Gadget()\ngadget.spin(3)\n"
    # remove another argument where it is spelled, here in a `**{...}` display
    text = "from widgets import Gadget\nGadget(speed=0, **{'turbo': True, 'size': 2})\n"
    [finding] = _only({"fixes": [{"kind": "remove_sibling", "keyword": "turbo", "title": "Drop turbo"}]}, text, tmp_path)
    assert _applied(text, finding.fixes[0]) == "from widgets import Gadget\nGadget(speed=0, **{'size': 2})\n"
    # make it a set of the same elements, at the literal that feeds only this argument
    text = "from widgets import Gadget\nPARTS = [Wheel, Bell]\nGadget(parts=PARTS)\n"
    [finding] = _only({"argument": {"keyword": "parts"}, "match": [{"kind": ["list", "tuple"]}],
                       "message": "parts must be a set, found {described}",
                       "fixes": [{"kind": "to_set", "safety": "safe", "preferred": True}]}, text, tmp_path)
    assert finding.message == "parts must be a set, found [Wheel, Bell] (from `PARTS`, line 2)"
    [to_set] = finding.fixes
    assert (to_set.title, to_set.safety.value, to_set.preferred) == ("Convert list to set", "safe", True)
    assert _applied(text, to_set) == "from widgets import Gadget\nPARTS = {Wheel, Bell}\nGadget(parts=PARTS)\n"


def test_a_file_that_only_builds_the_cuda_fsdp_strategy_is_read():
    text = "from lightning.fabric.strategies import FSDPStrategy\ns = FSDPStrategy(cpu_offload=True)\n"
    assert check_source(text, "a.py").parsed_lines > 0  # read, so the rules of its records see it
    assert check_source("import torch\nx = torch.zeros(3)\n", "b.py").parsed_lines == 0


PREDICATE_CASES = [
    # (match, text after `from widgets import Gadget\n`, how many calls are flagged)
    ([{"kind_not": ["number"]}], "Gadget(speed='x')\nGadget(speed=0)\nGadget(speed=[1])\n", 2),
    ([{"lower_in": ["fast"]}], "Gadget(speed='FAST')\nGadget(speed='slow')\nGadget(speed=1)\n", 1),
    ([{"not_in": [0, 1]}], "Gadget(speed=0)\nGadget(speed=2)\nGadget(speed=x)\n", 1),
    ([{"truthy": False}], "Gadget(speed=[])\nGadget(speed=None)\nGadget(speed=[1])\n", 2),
    ([{"present": "turbo"}], "Gadget(speed=0, turbo=None)\nGadget(speed=0)\n", 1),
    ([{"absent": "turbo"}], "Gadget(speed=0, turbo=None)\nGadget(speed=0)\nGadget(speed=0, **kw)\n", 1),
    ([{"sibling": {"keyword": "size"}, "is": [{"equals": [None]}]}],
     "Gadget(speed=0, size=None)\nGadget(speed=0, size=2)\nGadget(speed=0)\n", 1),
    ([{"star_args": True}], "Gadget(*a, speed=0)\nGadget(speed=0)\n", 1),
    ([{"is_call": True}], "Gadget(speed=f())\nGadget(speed=f)\nGadget(speed=0)\n", 1),
    ([{"qualified": ["widgets.parts.*"]}], "from widgets import parts\nGadget(speed=parts.Wheel())\nGadget(speed=Wheel())\n", 1),
    ([{"any": [[{"equals": [0]}], [{"equals": ["zero"]}]]}], "Gadget(speed=0)\nGadget(speed='zero')\nGadget(speed=1)\n", 2),
    ([{"not": {"equals": [0]}}, {"constant": True}], "Gadget(speed=0)\nGadget(speed=3)\nGadget(speed=f())\n", 1),
]


def test_predicates_one_by_one(tmp_path):
    path = tmp_path / "p.jsonl"
    for i, (match, body, count) in enumerate(PREDICATE_CASES):
        write_records(path, record("g1", {**GADGET, "match": match, "fixes": []}))
        os.utime(path, ns=(i + 10, i + 10))
        found = check_source("from widgets import Gadget\n" + body, "a.py", Settings(kb_paths=(str(path),))).findings
        assert len(found) == count, (match, [f.message for f in found])


def test_no_arguments_and_the_call_itself(tmp_path):
    spec = {**GADGET, "call": {"method": "start", "receiver": "any"}, "fixes": [], "message": "`{callee}()` starts nothing",
            "match": [{"no_arguments": True, "except": ["quiet"]}]}
    spec.pop("argument")
    path = tmp_path / "p.jsonl"
    write_records(path, record("g1", spec))
    text = "import widgets\ng = widgets.Gadget()\ng.start()\ng.start(quiet=True)\ng.start(1)\ng.start(**kw)\n"
    found = check_source(text, "a.py", Settings(kb_paths=(str(path),))).findings
    assert [(f.span.start.line, f.span.end.column, f.message) for f in found] == [
        (2, 9, "`g.start()` starts nothing"), (3, 19, "`g.start()` starts nothing")]


def test_a_section_nested_too_deep_is_skipped():
    from errata_lsp.analysis.detect import rules_from_records
    from errata_lsp.kb.record import Record

    deep: dict = {"equals": [0]}
    for _ in range(5000):
        deep = {"not": deep}
    records = [Record(record("g1", GADGET), "mine.jsonl:1"),
               Record(record("g2", {**GADGET, "code": "GDG002", "match": [deep]}), "mine.jsonl:2")]
    rules, problems = rules_from_records(records, BY_CODE)
    assert [r.code for r in rules] == ["GDG001"]
    assert [str(p) for p in problems] == ["mine.jsonl:2: record 'g2': detect: nested too deep to read; skipped"]


def test_kb_validate_says_a_user_record_reuses_a_shipped_code(tmp_path, capsys):
    path = tmp_path / "mine.jsonl"
    write_records(path, record("g1", {**GADGET, "code": "LXF016"}))
    assert main(["kb", "validate", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:1: record 'g1': detect: code LXF016 is already used; skipped"]


def test_a_record_nested_too_deep_is_skipped_at_its_line_and_the_others_load(tmp_path):
    from errata_lsp.kb.load import load_paths

    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"id": "d1", "x": ' + "[" * 5000 + "]" * 5000 + "}\n", encoding="utf-8")
    write_records(tmp_path / "mine.jsonl", record("g1", GADGET))
    records, problems = load_paths([tmp_path])
    assert [r.id for r in records] == ["g1"]
    assert [str(p) for p in problems] == [f"{deep}:1: nested too deep to read; this record is skipped"]


def test_side_sections_name_a_loaded_record_and_each_bad_line_has_its_file_and_line(tmp_path):
    from errata_lsp.analysis.detect import side_sections
    from errata_lsp.kb.base import SHIPPED
    from errata_lsp.kb.load import load_paths

    records, _ = load_paths([tmp_path])  # none: every section names a record that is not there
    write_records(tmp_path / "s.jsonl", {"record": "g1", "detect": GADGET}, {"record": "g2"})
    (tmp_path / "s.jsonl").write_text((tmp_path / "s.jsonl").read_text() + "{broken\n", encoding="utf-8")
    sections, problems = side_sections([type("R", (), {"id": "g1"})()], [tmp_path])
    assert [(s.id, s.source, s.get("detect")["code"]) for s in sections] == [("g1", f"{tmp_path / 's.jsonl'}:1", "GDG001")]
    assert [str(p) for p in problems] == [
        f"{tmp_path / 's.jsonl'}:2: record '-': detect: a line is {{\"record\": id, \"detect\": {{...}}}}",
        f"{tmp_path / 's.jsonl'}:3: record '-': detect: invalid JSON: Expecting property name enclosed in double quotes",
    ]
    assert [str(p) for p in side_sections(records, [tmp_path])[1]][0].endswith("s.jsonl:1: record 'g1': detect: no such record")
    shipped = load_paths(SHIPPED)[0]
    assert side_sections(shipped)[1] == []  # each shipped side section names a shipped record


def test_underline_a_sibling_and_replace_it_with_the_argument_as_a_set(tmp_path):
    text = "from widgets import Gadget\nGadget(parts=[Wheel, Bell], turbo=True)\nGadget(parts=[Wheel], turbo=True, spokes=3)\n"
    spec = {"argument": {"keyword": "parts"}, "match": [{"present": "turbo"}], "at": {"keyword": "turbo"},
            "message": "no turbo with parts",
            "fixes": [{"kind": "replace_sibling", "keyword": "turbo", "text": "spokes={as_set}",
                       "when": [{"absent": "spokes"}], "title": "Use `{new}`", "safety": "unsafe"}]}
    first, second = _only(spec, text, tmp_path)
    assert (first.span.start.column, first.span.end.column) == (28, 38)  # `turbo=True`
    [replaced] = first.fixes
    assert (replaced.title, replaced.safety.value) == ("Use `spokes={Wheel, Bell}`", "unsafe")
    assert _applied(text, replaced).splitlines()[1] == "Gadget(parts=[Wheel, Bell], spokes={Wheel, Bell})"
    assert second.fixes == ()  # `spokes` is given already


def test_a_warning_names_the_conditions_of_the_values_that_surely_match(tmp_path):
    # the truthy value is tied to `cfg.big`; the unknown one may match too, but names no condition
    text = ("from widgets import Gadget\nparts = [Wheel] if cfg.big else cfg.parts\nGadget(parts=parts)\n"
            "Gadget(parts=cfg.parts)\n")
    spec = {"argument": {"keyword": "parts"}, "match": [{"not": {"truthy": False}}], "warning_unless": [{"truthy": True}],
            "message": "parts jam", "some_paths": "; whenever there are parts", "fixes": [], "conditions": "certain"}
    first, second = _only(spec, text, tmp_path)
    assert (first.severity.value, first.message) == ("warning", "parts jam; when cfg.big")
    assert (second.severity.value, second.message) == ("warning", "parts jam; whenever there are parts")
    # by default, the conditions of every found value: the unknown one too
    text = text.replace("Gadget(parts=cfg.parts)\n", "")
    [found] = _only({**spec, "conditions": "found"}, text, tmp_path)
    assert found.message == "parts jam; when cfg.big or not cfg.big"


def test_siblings_by_position_the_one_value_and_a_record_per_case(tmp_path):
    # `Gadget(part, speed, size)`: both speed and size set jams (the section's record), neither stalls (another)
    set_ = [{"sibling": {"keyword": "speed", "position": 1}, "single": True, "is": [{"constant": True}]},
            {"sibling": {"keyword": "size", "position": 2}, "single": True, "is": [{"constant": True}]}]
    neither = [{"absent": "speed", "position": 1}, {"absent": "size", "position": 2}]
    spec = {"match": [{"positional": 1}, {"any": [set_, neither]}], "at": "callee",
            "message": [{"text": "both jam", "when": set_}, {"text": "neither stalls", "when": neither}],
            "records": [{"id": "stall", "when": neither}],
            "fixes": [{"kind": "remove_sibling", "keyword": "speed", "position": 1, "next": "size", "when": set_,
                       "title": "Keep size", "safety": "unsafe", "preferred": True}]}
    text = ("from widgets import Gadget\nx = 1 if a else 2\n"
            "Gadget(p, 1, 2)\nGadget(p, x, 2)\nGadget(p)\nGadget()\nGadget(p, speed=1, size=2)\nGadget(p, 1, 2, 3)\n")
    # `Gadget(p, x, 2)`: `x` holds 1 or 2, each a constant, but no one value on every path: silent
    both, stalled, keywords, three = _only(spec, text, tmp_path)
    assert [(f.span.start.line, f.message, f.record_id) for f in (both, stalled, keywords, three)] == [
        (2, "both jam", "g1"), (4, "neither stalls", "stall"), (6, "both jam", "g1"), (7, "both jam", "g1")]
    assert _applied(text, both.fixes[0]).splitlines()[2] == "Gadget(p, size=2)"
    assert _applied(text, keywords.fixes[0]).splitlines()[6] == "Gadget(p, size=2)"
    assert stalled.fixes == () and three.fixes == ()  # a positional argument after `size` would shift


def test_every_record_a_shipped_data_rule_names_is_shipped():
    from errata_lsp.kb import KnowledgeBase

    kb = KnowledgeBase.load()
    named = {(r.code, r.record) for r in RULES if r.origin == "data"}
    named |= {(r.code, other["id"]) for r in RULES if r.origin == "data" for other in r.spec.get("records", ())}
    assert ("LXF015", "36aaeeb05c6306f3") in named
    assert [(code, rid) for code, rid in sorted(named) if kb.get(rid) is None] == []


def test_every_value_the_set_it_makes_and_a_keyword_inserted_or_its_value_replaced(tmp_path):
    # parts must all be collections of classes; `size` missing or None gets the parts as a set
    spec = {"argument": {"keyword": "parts"}, "paths": "any", "at": "argument",
            "match": [{"all_values": [{"kind": ["list", "set"]}]},
                      {"any": [[{"absent": "size"}], [{"sibling": {"keyword": "size"}, "single": True, "is": [{"equals": [None]}]}]]}],
            "message": [{"text": "parts need a size"}, {"text": ": `size={as_set}`", "when": [{"as_set": True}]}],
            "fixes": [{"kind": "insert_keyword", "keyword": "size", "text": "{as_set}", "when": [{"absent": "size"}],
                       "title": "Add `size={as_set}`", "safety": "unsafe", "preferred": True},
                      {"kind": "replace_sibling", "keyword": "size", "value": True, "text": "{as_set}",
                       "when": [{"present": "size"}], "title": "Set `size={as_set}`", "safety": "unsafe", "preferred": True}]}
    text = ("from widgets import Gadget\nmixed = [Wheel] if a else 'wheel'\n"
            "Gadget(parts=[Wheel, Bell])\nGadget(parts=[Wheel], size=None)\nGadget(parts=mixed)\nGadget(parts=cfg.parts)\n"
            "Gadget(**{'parts': [Bell], 'size': None})\n")
    inserted, replaced, in_display = _only(spec, text, tmp_path)
    assert inserted.message == "parts need a size: `size={Wheel, Bell}`"
    [add] = inserted.fixes
    assert add.title == "Add `size={Wheel, Bell}`"
    assert _applied(text, add).splitlines()[2] == "Gadget(parts=[Wheel, Bell], size={Wheel, Bell})"
    assert _applied(text, replaced.fixes[0]).splitlines()[3] == "Gadget(parts=[Wheel], size={Wheel})"
    assert _applied(text, in_display.fixes[0]).splitlines()[6] == "Gadget(**{'parts': [Bell], 'size': {Bell}})"


def test_cases_are_one_rule_over_several_calls_and_their_problems_are_named_once(tmp_path):
    spec = {"cases": [
        {"call": {"method": "start", "receiver": "any"}, "argument": {"position": 0}, "match": [{"equals": [0]}],
         "message": "`{callee}({argument})` stalls",
         "fixes": [{"kind": "replace_argument", "text": "{doc_quote}slow{doc_quote}", "title": "Start slow",
                    "safety": "unsafe", "preferred": True}]},
        {"call": {"method": "stop", "receiver": "any"}, "at": "callee", "message": "`{callee}` jams"},
    ], "argument": None, "match": None}  # a case takes what the section gives and it does not: not these
    text = "import widgets\ng = widgets.Gadget()\ng.start(0)\ng.stop()\ng.start(1)\nprint(\"x\")\n"
    started, stopped = _only(spec, text, tmp_path)
    assert (started.message, started.code, stopped.message, stopped.code) == ("`g.start(0)` stalls", "GDG001", "`g.stop` jams", "GDG001")
    assert _applied(text, started.fixes[0]).splitlines()[2] == 'g.start("slow")'  # the file writes double quotes only
    assert check_spec({**GADGET, "cases": [{"message": "{nope}", "paint": 1}, {"message": "ok", "code": "GDG002"}],
                       "name": "No Good"}) == [
        "`name` must be kebab-case",
        "`cases[0]`: unknown key `paint`",
        "`cases[0]`: `message`: unknown placeholder `{nope}`",
        "`cases[1]`: `code` belongs to the section, not a case",
    ]
    assert check_spec({**GADGET, "cases": []}) == ["`cases` must be a non-empty list of objects"]


def _broken_everywhere(n: int, case: dict | None = None) -> dict:
    """A section with `n` unknown predicates and `n` cases (n=1,000: 18 KB of JSON)."""
    return {**GADGET, "match": [{f"nope{i}": 1} for i in range(n)], "cases": [dict(case or {}) for _ in range(n)]}


def test_a_section_broken_everywhere_is_rejected_with_a_bounded_list_of_its_problems(tmp_path, capsys):
    from errata_lsp.analysis.detect.section import MAX_PROBLEMS
    from errata_lsp.cli import main

    problems = check_spec(_broken_everywhere(1000))
    assert len(problems) == MAX_PROBLEMS + 1  # a problem every case has (the section's own) is said once
    assert problems[:2] == ["`match`[0]: unknown predicate `nope0` (kb/DETECT.md lists them)",
                            "`match`[1]: unknown predicate `nope1` (kb/DETECT.md lists them)"]
    assert problems[-1] == "more problems not listed: mend these first"
    # a problem of every case is named once; one of some cases after each of them
    assert check_spec({**GADGET, "cases": [{"paint": 1}] * 1000}) == ["unknown key `paint`"]
    some = check_spec({**GADGET, "cases": [{"paint": 1}, {}] * 500})
    assert some[:2] == ["`cases[0]`: unknown key `paint`", "`cases[2]`: unknown key `paint`"] and len(some) == 51
    # a case that gives its own `match` does not have the section's problems; the others do, each
    overridden = check_spec({**GADGET, "match": [{"nope": 1}], "cases": [{"match": [{"equals": [0]}]}, {}, {}]})
    assert overridden == ["`cases[1]`: `match`[0]: unknown predicate `nope` (kb/DETECT.md lists them)",
                          "`cases[2]`: `match`[0]: unknown predicate `nope` (kb/DETECT.md lists them)"]
    path = tmp_path / "mine.jsonl"
    write_records(path, record("g1", GADGET), record("g2", _broken_everywhere(1000)))
    assert main(["kb", "validate", str(path)]) == 1
    said = capsys.readouterr().out.splitlines()
    assert len(said) == MAX_PROBLEMS + 1 and all(line.startswith(f"{path}:2: record 'g2': detect: ") for line in said)
