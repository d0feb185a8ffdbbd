"""Layer lists as the YAML-era config wrote them; patches.py makes them what XLA FSDP takes."""
from model import Block

WRAP_LAYERS = [Block]
REMAT_LAYERS = [Block]
