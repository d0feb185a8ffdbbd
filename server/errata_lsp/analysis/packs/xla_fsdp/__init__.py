"""Lightning Fabric's `XLAFSDPStrategy` (lightning 2.6.6): its facts (the launched function, plugins,
policies, checkpoint states), its records, and its Python rules."""

# Its place among the packs (packs/__init__.py): after `lightning`, whose tips it reads.
ORDER = 10
# A file that mentions none of these cannot misuse XLAFSDP (nor the Fabric calls it checks); a module
# given the Fabric by another one names it in lower case (`def build(fabric)`, `self.fabric`).
WORDS = ("FSDP", "xla_fsdp", "no_backward_sync", "Fabric", "fabric")
# Statements its facts need whatever the rules: imports, Fabric construction, strategies, launches.
CONTEXT_WORDS = ("lightning", "lightning_fabric", "Fabric", "launch", "Strategy")
