class LogLoss:
    def __init__(self, every=1):
        self.every = every

    def on_train_batch_end(self, step, loss):
        if step % self.every == 0:
            print(f"step {step}: loss {loss:.4f}")
