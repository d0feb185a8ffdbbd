"""PM2.5 forecaster settings."""
STATIONS = 8
FEATURES = 5          # PM2.5, PM10, NO2, wind speed, humidity
HOURS = 24
HIDDEN = 48
LR = 1e-3
MAX_STEPS = 4
