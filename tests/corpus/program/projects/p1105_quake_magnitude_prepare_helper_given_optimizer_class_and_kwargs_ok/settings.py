"""Settings of the magnitude regressor: waveform shape, optimizer, run length."""
STATIONS_CHANNELS = 3     # Z, N, E components
SAMPLES = 200             # 2 s at 100 Hz around the P arrival
HIDDEN = 64
LR = 1e-3
MOMENTUM = 0.9
STEPS = 3
