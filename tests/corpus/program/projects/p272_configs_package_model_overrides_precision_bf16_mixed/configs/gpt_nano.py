"""gpt-nano: small enough for full precision."""
OVERRIDES = {}
