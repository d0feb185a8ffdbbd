from typing import Optional

import torch


class Tokenizer:
    """Byte-level stand-in for lit-llama's SentencePiece tokenizer."""

    bos_id, eos_id, pad_id = 1, 2, 0

    def __init__(self, model_path=None) -> None:
        self.vocab_size = 256

    def encode(self, string: str, bos: bool = True, eos: bool = False, max_length: int = -1,
               device: Optional[torch.device] = None) -> torch.Tensor:
        tokens = list(string.encode("utf-8"))
        if bos:
            tokens = [self.bos_id] + tokens
        if eos:
            tokens = tokens + [self.eos_id]
        if max_length > 0:
            tokens = tokens[:max_length]
        return torch.tensor(tokens, dtype=torch.int, device=device)

    def decode(self, tokens: torch.Tensor) -> str:
        return bytes(t for t in tokens.tolist() if t > 2).decode("utf-8", errors="replace")
