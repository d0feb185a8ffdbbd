"""A character-level language model trained with Fabric."""
