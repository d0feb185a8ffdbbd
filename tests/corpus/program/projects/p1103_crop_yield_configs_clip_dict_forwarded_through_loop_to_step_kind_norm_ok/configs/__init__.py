"""Run settings for the crop-yield regressor (one module so the sweep scripts can import and tweak them)."""
BANDS = 10          # Sentinel-2 bands averaged per field
DATES = 8           # acquisitions over the season
HIDDEN = 64
LR = 2e-3
STEPS = 3
BATCH = 32

# gradient clipping, forwarded as keywords to engine.fit
CLIP = {"clip_kind": "norm", "clip_limit": 0.5}
