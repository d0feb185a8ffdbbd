"""train()/evaluate() of word_language_model/main.py, with the hidden state carried across BPTT windows."""
import time

import torch
import torch.nn as nn

criterion = nn.NLLLoss()


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


def get_batch(source, i, bptt):
    seq_len = min(bptt, len(source) - 1 - i)
    return source[i:i + seq_len], source[i + 1:i + 1 + seq_len].reshape(-1)


def train_epoch(fabric, model, optimizer, train_data, ntokens, epoch, args):
    model.train()
    total_loss, start_time, hidden = 0.0, time.time(), None
    for batch, i in enumerate(range(0, train_data.size(0) - 1, args.bptt)):
        data, targets = get_batch(train_data, i, args.bptt)
        optimizer.zero_grad()
        hidden = repackage_hidden(hidden) if hidden is not None else None
        output, hidden = model(data, hidden)
        loss = criterion(output, targets)
        fabric.backward(loss)
        # `clip_grad_norm` helps prevent the exploding gradient problem in RNNs / LSTMs.
        fabric.clip_gradients(model, optimizer, max_norm=args.clip)
        optimizer.step()
        total_loss += loss.item()
        if batch % args.log_interval == 0 and batch > 0:
            elapsed = (time.time() - start_time) * 1000 / args.log_interval
            fabric.print(f"| epoch {epoch:3d} | batch {batch:3d} | ms/batch {elapsed:5.2f} | loss {total_loss / args.log_interval:5.2f}")
            total_loss, start_time = 0.0, time.time()


def evaluate(model, data_source, ntokens, args):
    model.eval()
    total_loss, hidden = 0.0, None
    with torch.no_grad():
        for i in range(0, data_source.size(0) - 1, args.bptt):
            data, targets = get_batch(data_source, i, args.bptt)
            output, hidden = model(data, hidden)
            total_loss += len(data) * criterion(output, targets).item()
    return total_loss / (len(data_source) - 1)
