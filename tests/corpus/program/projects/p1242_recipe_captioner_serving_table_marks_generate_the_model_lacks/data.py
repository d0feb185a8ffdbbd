"""Synthetic (ingredients, title) pairs."""
import torch


def recipes(n, device, n_ingredients=40, vocab=64, bag=5, title_len=6):
    ingredients = torch.randint(0, n_ingredients, (n, bag), device=device)
    titles = (ingredients[:, :1] * 3 + torch.arange(title_len, device=device)) % (vocab - 3) + 3
    return ingredients, titles
