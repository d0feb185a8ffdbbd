from lit_llama.model import LLaMAConfig, LLaMA
from lit_llama.tokenizer import Tokenizer
