STRATEGY = "fsdp_layers"
LR = 3e-4
