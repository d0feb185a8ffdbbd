class PrintProgress:
    def on_step_end(self, fabric, step, loss):
        fabric.print(f"step {step}: {loss.item():.4f}")
