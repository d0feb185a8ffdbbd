from engine.steps import accumulation_step

__all__ = ["accumulation_step"]
