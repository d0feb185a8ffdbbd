"""What every sharded run uses."""
STRATEGY = {"state_dict_type": "sharded", "sequential_save": False}
