"""Sizes and switches read by the model, the loop and the evaluation code."""

FEAT_DIM = 32  # pooled image-encoder features
VOCAB_SIZE = 50
HIDDEN = 32
MAX_LEN = 6
BOS, EOS = 1, 2
STEPS = 3
LR = 1e-3

# methods of CaptionDecoder, other than forward, that are called on the set-up model
FORWARD_METHODS: tuple[str, ...] = ()
