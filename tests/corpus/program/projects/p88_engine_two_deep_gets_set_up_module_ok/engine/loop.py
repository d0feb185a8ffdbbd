from engine.accumulate import micro_step


def fit(fabric, model, optimizer, batches, accumulate=2):
    for i, batch in enumerate(batches):
        last = (i + 1) % accumulate == 0
        micro_step(fabric, model, batch, last, accumulate)
        if last:
            optimizer.step()
            optimizer.zero_grad()
