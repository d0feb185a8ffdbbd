"""Sharding and run configuration for the block net."""
