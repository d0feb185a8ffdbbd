"""Agent checkpoints: everything needed to pick training back up after a preemption."""
import os


def agent_state(policy, value_fn, policy_opt, value_opt, update: int) -> dict:
    return {
        "policy": policy,
        "value_fn": value_fn,
        "policy_optimizer": policy_opt,
        "value_optimizer": value_opt,
        "update": update,
    }


def save_agent(fabric, run_dir: str, state: dict) -> str:
    path = os.path.join(run_dir, f"update-{state['update']:04d}")
    # one set-up model per checkpoint: the policy and the value function each get their own folder
    for name in ("policy", "value_fn"):
        part = {"model": state[name], "optimizer": state[f"{name.split('_')[0]}_optimizer"], "update": state["update"]}
        fabric.save(os.path.join(path, name), part)
    return path
