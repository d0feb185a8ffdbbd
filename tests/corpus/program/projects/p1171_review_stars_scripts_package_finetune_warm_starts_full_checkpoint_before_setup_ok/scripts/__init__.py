"""Runnable jobs of the project; each exposes main(fabric, ...)."""
