"""Decoding options: each named decoder maps to the model method that implements it."""
import dataclasses

DECODERS = {
    "greedy": "generate",
    "beam": "beam_search",
}


@dataclasses.dataclass
class SampleConfig:
    decoder: str = "beam"
    max_new_tokens: int = 2

    @property
    def method_name(self) -> str:
        return DECODERS[self.decoder]


def sample(model, cfg: SampleConfig, prompt):
    return getattr(model, cfg.method_name)(prompt, max_new_tokens=cfg.max_new_tokens)
