"""Synthetic sequences: membrane proteins are rich in hydrophobic residues."""
import torch

from protein.model import AMINO

HYDROPHOBIC = torch.tensor([AMINO.index(a) for a in "AILMFVW"])


def sequences(batch, length, device):
    labels = torch.randint(0, 2, (batch,))
    residues = torch.randint(0, len(AMINO), (batch, length))
    pick = torch.randint(0, len(HYDROPHOBIC), (batch, length))
    membrane = (labels[:, None] == 1) & (torch.rand(batch, length) < 0.6)
    residues = torch.where(membrane, HYDROPHOBIC[pick], residues)
    return residues.to(device), labels.to(device)
