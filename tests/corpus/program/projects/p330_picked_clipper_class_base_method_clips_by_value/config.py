CLIP = "value"
LR = 3e-4
STEPS = 2
