"""shardlm: a small sharded-training package; scripts/ holds the entry points."""
