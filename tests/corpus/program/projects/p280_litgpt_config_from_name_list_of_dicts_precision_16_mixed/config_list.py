"""The named configs, one dict each, the way litgpt keeps its model zoo (litgpt/config.py `configs`)."""

configs = [
    dict(name="micro-llama-2l", block_size=64, vocab_size=64, n_layer=2, n_embd=32, precision="bf16-true"),
    dict(name="micro-llama-4l", block_size=64, vocab_size=64, n_layer=4, n_embd=32, precision="16-mixed"),
    dict(name="micro-llama-8l", block_size=64, vocab_size=64, n_layer=8, n_embd=32, precision="bf16-true"),
]
