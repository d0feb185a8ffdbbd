"""Sharding and rematerialisation policies, one module per model size."""
