CLIP = "norm"
LR = 3e-4
STEPS = 2
