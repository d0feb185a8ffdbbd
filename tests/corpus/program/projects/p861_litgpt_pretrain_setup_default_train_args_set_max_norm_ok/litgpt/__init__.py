"""A trimmed copy of litgpt's package layout: config, model, args, utils, data, pretrain."""
