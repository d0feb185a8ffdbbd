"""Settings as the strategy takes them: a config's layer lists become sets."""
SET_KEYS = ("auto_wrap_policy", "activation_checkpointing_policy")


def strategy_kwargs(raw: dict) -> dict:
    return {key: set(value) if key in SET_KEYS and isinstance(value, list) else value for key, value in raw.items()}
