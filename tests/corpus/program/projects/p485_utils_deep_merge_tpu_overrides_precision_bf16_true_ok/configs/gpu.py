OVERRIDES = {"fabric": {"precision": "bf16-mixed"}}
