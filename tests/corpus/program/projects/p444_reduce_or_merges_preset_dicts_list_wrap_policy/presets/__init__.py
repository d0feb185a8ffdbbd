"""Strategy presets: each module adds keywords to those of the presets before it."""
