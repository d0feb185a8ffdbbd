RUN = {
    "lr": 1e-3,
    "steps": 2,
    "sharding": {"remat": True, "custom_wrapper": False, "state_dict_type": "sharded"},
}
