"""Run settings."""
STRATEGY = "full_shard_remat"  # full_shard | full_shard_remat
