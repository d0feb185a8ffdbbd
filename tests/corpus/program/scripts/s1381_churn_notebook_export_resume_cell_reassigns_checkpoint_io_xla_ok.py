# expect: none
# oracle: OK
# twin: s1380_churn_notebook_export_resume_cell_reassigns_checkpoint_io_torch
"""Customer-churn MLP on a synthetic telco table, exported from a Colab TPU notebook with `jupyter nbconvert --to script`."""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import os
import tempfile
import time

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO
from lightning.fabric.strategies import XLAFSDPStrategy


# In[2]:


N_FEATURES = 14
HIDDEN = 64
STEPS = 3
BATCH = 32
ckpt_io = XLACheckpointIO()
CKPT_DIR = tempfile.mkdtemp(prefix="churn_")
print(CKPT_DIR)


# In[3]:


def make_fabric():
    strategy = XLAFSDPStrategy(auto_wrap_policy={nn.Linear})
    return Fabric(accelerator="tpu", strategy=strategy, plugins=[ckpt_io])


# In[4]:


class ChurnNet(nn.Module):
    def __init__(self, n_features, hidden):
        super().__init__()
        self.inp = nn.Linear(n_features, hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        h = F.relu(self.inp(x))
        h = self.drop(F.relu(self.mid(h))) + h
        return self.out(h).squeeze(-1)


# In[5]:


def synthetic_batch(n, device):
    x = torch.randn(n, N_FEATURES, device=device)
    tenure, monthly = x[:, 0], x[:, 1]
    y = ((monthly - tenure + 0.3 * torch.randn(n, device=device)) > 0.5).float()
    return x, y


x, y = synthetic_batch(8, "cpu")
x.shape, y.mean()


# In[6]:


HIDDEN = 128  # 128 did better on the holdout, see cell 9 of v2


def train(fabric):
    t0 = time.time()
    model = fabric.setup_module(ChurnNet(N_FEATURES, HIDDEN))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01))
    for step in range(STEPS):
        x, y = synthetic_batch(BATCH, fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} loss {loss.item():.4f}")
    fabric.save(os.path.join(CKPT_DIR, "last"), {"model": model, "optimizer": optimizer, "step": STEPS})
    fabric.print(f"done in {time.time() - t0:.1f}s")


# In[7]:


# resume runs: write to the local disk copy instead (the drive mount is slow)
ckpt_io = XLACheckpointIO()  # the XLA strategies only take the XLA writer


def make_fabric():
    """Same as cell 3, but sharded checkpoints and the checkpoint plugin picked above."""
    strategy = XLAFSDPStrategy(auto_wrap_policy={nn.Linear}, state_dict_type="sharded")
    return Fabric(accelerator="tpu", devices="auto", strategy=strategy, plugins=[ckpt_io])


# In[8]:


fabric = make_fabric()
fabric.launch(train)


# In[ ]:
