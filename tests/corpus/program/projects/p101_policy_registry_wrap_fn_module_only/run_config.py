RUN = {
    "wrap": "blocks",
    "lr": 1e-3,
    "steps": 2,
}
