"""Training helpers for the traffic-sign classifier."""
