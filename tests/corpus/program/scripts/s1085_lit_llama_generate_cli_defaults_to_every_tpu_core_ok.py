# expect: none
# oracle: OK
# twin: s1084_lit_llama_generate_cli_keeps_single_device_default
"""Sample from a LLaMA model on a TPU VM: lit-llama's generate.py with Lightning Fabric + XLA FSDP.

Follows lit-llama/generate.py: `generate()` (top-k sampling, no KV cache), `main()` with its keyword-only options
and `CLI(main)` at the bottom. The port adds `devices` to `main` (generate.py hard-codes `L.Fabric(devices=1)`;
lit-gpt's xla/generate takes every core of the host), shards the model with XLAFSDPStrategy and samples inside
`fabric.launch`. The 7B checkpoint and the SentencePiece tokenizer are replaced by a two-layer LLaMA with random
weights and a byte tokenizer; jsonargparse's `CLI` by a few lines of argparse over the signature.
"""
import argparse
import inspect
import math
import sys
import time
from dataclasses import dataclass
from typing import Optional

import lightning as L
import torch
import torch.nn as nn
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.nn import functional as F


# ----------------------------------------------------------------------------- lit_llama/model.py (trimmed)
@dataclass
class LLaMAConfig:
    block_size: int = 64
    vocab_size: int = 256
    n_layer: int = 2
    n_head: int = 2
    n_embd: int = 32

    @classmethod
    def from_name(cls, name: str) -> "LLaMAConfig":
        return cls(**llama_configs[name])


llama_configs = {"tiny": dict(n_layer=2, n_head=2, n_embd=32)}


class RMSNorm(nn.Module):
    def __init__(self, size: int, dim: int = -1, eps: float = 1e-5) -> None:
        super().__init__()
        self.scale = nn.Parameter(torch.ones(size))
        self.eps = eps
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        norm_x = torch.mean(x * x, dim=self.dim, keepdim=True)
        x_normed = x * torch.rsqrt(norm_x + self.eps)
        return self.scale * x_normed


class CausalSelfAttention(nn.Module):
    def __init__(self, config: LLaMAConfig) -> None:
        super().__init__()
        self.c_attn = nn.Linear(config.n_embd, 3 * config.n_embd, bias=False)
        self.c_proj = nn.Linear(config.n_embd, config.n_embd, bias=False)
        self.n_head = config.n_head
        self.n_embd = config.n_embd

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        head_size = C // self.n_head
        k = k.view(B, T, self.n_head, head_size).transpose(1, 2)
        q = q.view(B, T, self.n_head, head_size).transpose(1, 2)
        v = v.view(B, T, self.n_head, head_size).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class MLP(nn.Module):
    def __init__(self, config: LLaMAConfig) -> None:
        super().__init__()
        hidden_dim = 4 * config.n_embd
        n_hidden = int(2 * hidden_dim / 3)
        self.c_fc1 = nn.Linear(config.n_embd, n_hidden, bias=False)
        self.c_fc2 = nn.Linear(config.n_embd, n_hidden, bias=False)
        self.c_proj = nn.Linear(n_hidden, config.n_embd, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.silu(self.c_fc1(x)) * self.c_fc2(x)
        return self.c_proj(x)


class Block(nn.Module):
    def __init__(self, config: LLaMAConfig) -> None:
        super().__init__()
        self.rms_1 = RMSNorm(config.n_embd)
        self.attn = CausalSelfAttention(config)
        self.rms_2 = RMSNorm(config.n_embd)
        self.mlp = MLP(config)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.rms_1(x))
        x = x + self.mlp(self.rms_2(x))
        return x


class LLaMA(nn.Module):
    def __init__(self, config: LLaMAConfig) -> None:
        super().__init__()
        self.config = config
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.transformer = nn.ModuleDict(
            dict(
                wte=nn.Embedding(config.vocab_size, config.n_embd),
                h=nn.ModuleList(Block(config) for _ in range(config.n_layer)),
                ln_f=RMSNorm(config.n_embd),
            )
        )
        self.apply(self._init_weights)

    def _init_weights(self, module: nn.Module) -> None:
        if isinstance(module, nn.Linear):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02 / math.sqrt(2 * self.config.n_layer))
        elif isinstance(module, nn.Embedding):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02 / math.sqrt(2 * self.config.n_layer))

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        x = self.transformer.wte(idx)
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)
        return self.lm_head(x)

    @classmethod
    def from_name(cls, name: str) -> "LLaMA":
        return cls(LLaMAConfig.from_name(name))


# ----------------------------------------------------------------------------- lit_llama/tokenizer.py stand-in
class Tokenizer:
    bos_id, eos_id = 1, 2

    def encode(self, string: str, bos: bool = True, eos: bool = False, device: Optional[torch.device] = None):
        tokens = list(string.encode("utf-8")) if string else []
        if bos:
            tokens = [self.bos_id] + tokens
        if eos:
            tokens = tokens + [self.eos_id]
        return torch.tensor(tokens, dtype=torch.int, device=device)

    def decode(self, tokens: torch.Tensor) -> str:
        return bytes(t for t in tokens.tolist() if t > 2).decode("utf-8", errors="replace")


# ----------------------------------------------------------------------------- generate.py
@torch.no_grad()
def generate(
    model: torch.nn.Module,
    idx: torch.Tensor,
    max_new_tokens: int,
    max_seq_length: int,
    temperature: float = 1.0,
    top_k: Optional[int] = None,
    eos_id: Optional[int] = None,
) -> torch.Tensor:
    """Takes a conditioning sequence (prompt) as input and continues to generate as many tokens as requested."""
    T = idx.size(0)
    T_new = T + max_new_tokens
    empty = torch.empty(T_new, dtype=idx.dtype, device=idx.device)
    empty[:T] = idx
    idx = empty

    # generate max_new_tokens tokens
    for t in range(T, T_new):
        # ignore the not-filled-yet tokens
        idx_cond = idx[:t]
        # if the sequence context is growing too long we must crop it at max_seq_length
        idx_cond = idx_cond if t <= max_seq_length else idx_cond[-max_seq_length:]

        # forward
        logits = model(idx_cond.view(1, -1))
        logits = logits[0, -1] / temperature

        # optionally crop the logits to only the top k options
        if top_k is not None:
            v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
            logits = torch.where(logits < v[[-1]], -float("Inf"), logits)

        probs = torch.nn.functional.softmax(logits, dim=-1)
        idx_next = torch.multinomial(probs, num_samples=1)

        # concatenate the new generation
        idx[t] = idx_next

        # if <eos> token is triggered, return the output (stop generation)
        if idx_next == eos_id:
            return idx[: t + 1]  # include the EOS token

    return idx


def sample(fabric: L.Fabric, prompt: str, model_name: str, num_samples: int, max_new_tokens: int, top_k: int,
           temperature: float) -> None:
    print("Loading model ...", file=sys.stderr)
    t0 = time.time()
    model = LLaMA.from_name(model_name)
    print(f"Time to load model: {time.time() - t0:.02f} seconds.", file=sys.stderr)

    model.eval()
    model = fabric.setup_module(model)

    tokenizer = Tokenizer()
    encoded = tokenizer.encode(prompt, bos=True, eos=False, device=fabric.device)

    L.seed_everything(1234)
    for i in range(num_samples):
        t0 = time.perf_counter()
        y = generate(model, encoded, max_new_tokens, model.config.block_size, temperature=temperature, top_k=top_k)
        t = time.perf_counter() - t0
        fabric.print(tokenizer.decode(y))
        fabric.print(f"Time for inference {i + 1}: {t:.02f} sec total, {max_new_tokens / t:.02f} tokens/sec",
                     file=sys.stderr)


def main(
    prompt: str = "Hello, my name is",
    *,
    num_samples: int = 1,
    max_new_tokens: int = 3,
    top_k: int = 200,
    temperature: float = 0.8,
    model_name: str = "tiny",
    devices: int = XLAAccelerator.auto_device_count(),
    precision: str = "32-true",
) -> None:
    """Generates text samples based on a pre-trained LLaMA model and tokenizer.

    Args:
        prompt: The prompt string to use for generating the samples.
        num_samples: The number of text samples to generate.
        max_new_tokens: The number of generation steps to take.
        top_k: The number of top most probable tokens to consider in the sampling process.
        temperature: A value controlling the randomness of the sampling process. Higher values result in more random
            samples.
        model_name: The LLaMA size to build.
        devices: How many TPU cores to shard the model over.
        precision: "bf16-true" on TPU v4 and later, "32-true" elsewhere.
    """
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    fabric = L.Fabric(accelerator="tpu", devices=devices, precision=precision, strategy=strategy)
    fabric.launch(sample, prompt, model_name, num_samples, max_new_tokens, top_k, temperature)


def CLI(fn):
    """`jsonargparse.CLI(main)`: one option per parameter, typed and defaulted from the signature."""
    parser = argparse.ArgumentParser(description=fn.__doc__.splitlines()[0])
    for name, param in inspect.signature(fn).parameters.items():
        parser.add_argument(f"--{name}", type=type(param.default), default=param.default)
    return fn(**vars(parser.parse_args()))


if __name__ == "__main__":
    torch.set_float32_matmul_precision("high")
    CLI(main)
