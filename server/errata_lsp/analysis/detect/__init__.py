"""Rules as data: a record's `detect` section (kb/DETECT.md) read once into typed predicates
(`section.py`, `predicates.py`) and made into a rule the engine runs like the Python ones
(`data_rule.py`). Nothing of a record is executed. A pack adds predicates, facts, placeholders and
strategy kinds through the vocabulary (`vocabulary.py`); the JSON schema and DETECT.md's predicate
table are made from the predicate classes (`schema.py`).

    site -> predicate -> predicates -> vocabulary -> section -> data_rule -> loading
"""

from __future__ import annotations

from .data_rule import DetectRule
from .loading import DetectProblem, SideSection, rules_from_paths, rules_from_records, shipped_rules, side_sections
from .predicate import OneOf, Predicate, Problem, Reader, ValuePredicate
from .section import DetectError, Section, read_section
from .site import NO_FABRIC, FabricFacts, Machine, Site, StrategyKind
from .vocabulary import PackConflict, Registrar, Vocabulary, merge_pack_facts, pack_facts


def check_spec(spec: object) -> list[str]:
    """Every way `spec` breaks the schema of kb/DETECT.md, each as one sentence; [] when it is sound."""
    return read_section(spec, pack_facts())[1]


__all__ = [
    "NO_FABRIC", "DetectError", "DetectProblem", "DetectRule", "FabricFacts", "Machine", "OneOf", "PackConflict", "Predicate", "Problem", "Reader",
    "Registrar", "Section", "SideSection", "Site", "StrategyKind", "ValuePredicate", "Vocabulary", "check_spec",
    "merge_pack_facts", "pack_facts", "read_section", "rules_from_paths", "rules_from_records", "shipped_rules",
    "side_sections",
]
