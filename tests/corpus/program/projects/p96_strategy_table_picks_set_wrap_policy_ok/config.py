STRATEGY = "fsdp"
LR = 3e-4
