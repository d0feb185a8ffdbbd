"""XLAFSDP's Python rules: every module here defines `RULE`, one rule per file (README.md); the pack's
records' `detect` sections are the rest. `analysis/rules.py` gathers the rules of every pack."""
