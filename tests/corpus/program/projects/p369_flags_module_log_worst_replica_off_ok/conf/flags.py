"""Switches the team flips by hand when it debugs a run."""
# log the worst replica's loss instead of the mean (the DDP debugging runs did)
LOG_WORST_REPLICA = False
LOG_EVERY = 1
