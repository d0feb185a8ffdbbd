"""The large configuration: the base policies plus the patch stem and the MLPs."""
from policies.base import BASE_REMAT, BASE_WRAP
from vit.layers import MLP, PatchEmbed

# the stem's conv weights are big at high resolution: shard them on their own
WRAP = [*BASE_WRAP, PatchEmbed]
REMAT = BASE_REMAT | {MLP}
