"""Run config of the two-tower recommender."""
CHECKPOINT_LAYOUT = "resumable"
USERS, ITEMS, DIM = 50, 80, 16
STEPS_PER_STAGE = 2
