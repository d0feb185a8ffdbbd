from .llama import ModelArgs, Transformer, TransformerBlock, llama3_configs

models_config = {"llama3": llama3_configs}
model_name_to_cls = {"llama3": Transformer}

__all__ = ["ModelArgs", "Transformer", "TransformerBlock", "models_config", "model_name_to_cls"]
