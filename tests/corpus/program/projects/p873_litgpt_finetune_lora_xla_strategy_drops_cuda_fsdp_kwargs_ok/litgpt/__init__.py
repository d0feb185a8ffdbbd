"""A trimmed copy of litgpt's package layout: config, lora model, args, utils, finetune/lora."""
