from .decoder import DecoderBlock, TinyDecoder

__all__ = ["DecoderBlock", "TinyDecoder"]
