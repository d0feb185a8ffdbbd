"""The LSP front: engine findings and records in, diagnostics, code actions and hovers out."""
