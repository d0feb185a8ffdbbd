"""Named profiles: what each run changes with respect to the defaults."""

PROFILES = {
    "full": {"optim": {"steps": 20000, "batch": 256}},
    # a quick end-to-end check of the pipeline before booking TPU time
    "smoke": {"runtime": {"accelerator": "cpu"}, "optim": {"steps": 2, "batch": 8}},
}
