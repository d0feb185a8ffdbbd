"""Lightning Fabric's CUDA `FSDPStrategy` (lightning 2.6.6): records only, every rule is a `detect`
section (README.md)."""

# Its place among the packs (packs/__init__.py): after `xla_fsdp`: its findings come after XLAFSDP's.
ORDER = 20
# A file that mentions none of these cannot misuse FSDPStrategy (nor the Fabric calls it checks).
WORDS = ("FSDP", "fsdp", "Fabric")
# Statements its `detect` sections need: imports, Fabric construction, the strategy given.
CONTEXT_WORDS = ("lightning", "lightning_fabric", "Fabric", "Strategy")
