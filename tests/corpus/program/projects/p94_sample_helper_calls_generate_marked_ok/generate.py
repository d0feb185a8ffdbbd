"""Greedy samples from the model being trained, printed on rank 0."""
import torch


def sample(fabric, model, prompt_len=3, max_new_tokens=4):
    prompt = torch.randint(0, 64, (1, prompt_len), device=fabric.device)
    tokens = model.generate(prompt, max_new_tokens=max_new_tokens)
    fabric.print(tokens.tolist())
    return tokens
