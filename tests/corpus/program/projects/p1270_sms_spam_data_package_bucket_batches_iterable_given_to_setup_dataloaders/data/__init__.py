"""Data for the SMS spam filter."""
from data.batching import make_train_loader  # noqa: F401
from data.corpus import SmsDataset, tokenize  # noqa: F401
