"""Decoding helpers shared with the larger summarizers (which implement `beam_search`)."""


def decoding_method(beam_width=1, sample=False):
    return "beam_search" if beam_width > 1 and not sample else "generate"


def enable_decoding(model, **decode_opts):
    """Let the set-up model run its decoding method outside `forward` (Fabric gathers the shards for it)."""
    name = decoding_method(**decode_opts)
    model.mark_forward_method(name)
    return name
