"""kb/detect.schema.json and DETECT.md's predicate table are made from the predicate classes
(analysis/detect/schema.py): the committed ones are current, and the schema says of real sections what
`kb validate` says."""

from __future__ import annotations

import json

import jsonschema
import pytest

from errata_lsp.analysis.detect import check_spec, pack_facts
from errata_lsp.analysis.detect.schema import DOC, SCHEMA, doc_text, main, predicate_table, schema_text
from errata_lsp.kb.base import shipped_records

from .test_detect import GADGET


def test_the_committed_schema_and_predicate_table_are_made_from_the_predicate_classes():
    vocabulary = pack_facts()
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(vocabulary), "run python -m errata_lsp.analysis.detect.schema"
    assert DOC.read_text(encoding="utf-8") == doc_text(DOC.read_text(encoding="utf-8"), vocabulary)
    assert main(["--check"]) == 0
    table = predicate_table(vocabulary).splitlines()
    # one row a predicate class (`lower_not_in` shares `lower_in`'s), the packs' registered ones too
    assert len(table) == 2 + len(vocabulary.predicates) - 1
    # the packs' predicates last, in the order they register them
    assert [row.split("`")[1].split('"')[1] for row in table[-4:]] == ["object", "state_dict_type", "never_none",
                                                                        "pathlib_path"]


def test_a_stale_table_is_found(tmp_path, monkeypatch):
    import errata_lsp.analysis.detect.schema as schema

    doc, made = tmp_path / "DETECT.md", tmp_path / "detect.schema.json"
    stale = DOC.read_text(encoding="utf-8").replace("the value's kind is one of these", "the kind is one of these")
    doc.write_text(stale, encoding="utf-8")
    made.write_text(SCHEMA.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(schema, "DOC", doc)
    monkeypatch.setattr(schema, "SCHEMA", made)
    assert schema.main(["--check"]) == 1
    assert schema.main([]) == 0 and doc.read_text(encoding="utf-8") == DOC.read_text(encoding="utf-8")


def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def test_every_shipped_section_fits_the_schema():
    from errata_lsp.analysis.detect import side_sections

    records = shipped_records()[0]
    sections = [r.get("detect") for r in [*records, *side_sections(records)[0]] if r.get("detect") is not None]
    assert len(sections) > 20  # both packs'
    validator = _validator()
    for section in sections:
        validator.validate(section)


@pytest.mark.parametrize("change", [
    {"match": [{"nope": 1}]},  # an unknown predicate
    {"match": [{"equals": 0}]},  # an argument of the wrong type
    {"match": [{"absent": "size", "position": -1}]},
    {"match": [{"not": {"kind": ["set"], "truthy": True}}]},  # an option the predicate does not take
    {"strategy": ["ddp"]},  # no pack registers it
    {"colour": "red"},  # an unknown key
])
def test_what_the_schema_refuses_kb_validate_refuses(change):
    spec = {**GADGET, **change}
    assert check_spec(spec) != []
    assert not _validator().is_valid(spec)
    assert check_spec(GADGET) == [] and _validator().is_valid(GADGET)
