"""Synthetic molecules as padded dense graphs: one-hot atom types, symmetric bond matrix, a property to regress."""
import torch

ATOM_TYPES = ["C", "N", "O", "F", "S"]
MAX_ATOMS = 12


def random_molecule(gen):
    n = int(torch.randint(4, MAX_ATOMS + 1, (1,), generator=gen))
    atoms = torch.multinomial(torch.tensor([0.6, 0.15, 0.15, 0.05, 0.05]), n, replacement=True, generator=gen)
    bonds = torch.zeros(n, n)
    for i in range(1, n):  # a random spanning tree plus a few ring closures
        j = int(torch.randint(0, i, (1,), generator=gen))
        bonds[i, j] = bonds[j, i] = 1.0
    for _ in range(int(torch.randint(0, 3, (1,), generator=gen))):
        i, j = torch.randint(0, n, (2,), generator=gen).tolist()
        if i != j:
            bonds[i, j] = bonds[j, i] = 1.0
    return atoms, bonds


def toy_logp(atoms, bonds):
    """A made-up lipophilicity: carbons and halogens up, N and O down, rings up a little."""
    contrib = torch.tensor([0.5, -0.7, -0.6, 0.4, 0.3])[atoms].sum()
    rings = bonds.sum() / 2 - (len(atoms) - 1)
    return contrib + 0.3 * rings


def make_batch(batch_size, gen):
    x = torch.zeros(batch_size, MAX_ATOMS, len(ATOM_TYPES))
    adj = torch.zeros(batch_size, MAX_ATOMS, MAX_ATOMS)
    mask = torch.zeros(batch_size, MAX_ATOMS)
    y = torch.zeros(batch_size, 1)
    for b in range(batch_size):
        atoms, bonds = random_molecule(gen)
        n = len(atoms)
        x[b, torch.arange(n), atoms] = 1.0
        adj[b, :n, :n] = bonds
        mask[b, :n] = 1.0
        y[b, 0] = toy_logp(atoms, bonds)
    return x, adj, mask, y
