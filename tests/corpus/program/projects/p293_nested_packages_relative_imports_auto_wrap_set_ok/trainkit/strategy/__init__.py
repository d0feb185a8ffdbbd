"""How trainkit models are sharded."""
