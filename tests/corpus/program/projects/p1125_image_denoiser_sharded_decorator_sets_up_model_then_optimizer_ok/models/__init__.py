from models.factory import build_denoiser

__all__ = ["build_denoiser"]
