"""Lightning Fabric's `XLAStrategy` and `SingleDeviceXLAStrategy` (lightning 2.6.6), the TPU strategies
without FSDP: records only, every rule is a `detect` section (README.md)."""

# Its place among the packs (packs/__init__.py): after the two FSDP packs, so their findings keep
# coming first.
ORDER = 30
# A file that mentions none of these cannot misuse the XLA strategies (nor the Fabric calls they check).
WORDS = ("XLAStrategy", "SingleDeviceXLAStrategy", "xla", "Fabric")
# Statements its `detect` sections need: imports, Fabric construction, the strategy given, the launch.
CONTEXT_WORDS = ("lightning", "lightning_fabric", "Fabric", "Strategy", "launch")
