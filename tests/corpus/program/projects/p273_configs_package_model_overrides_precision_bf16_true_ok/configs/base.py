"""What every model runs with on the pod."""
BASE = {
    "accelerator": "tpu",
    "devices": "auto",
    "precision": "32-true",
}
