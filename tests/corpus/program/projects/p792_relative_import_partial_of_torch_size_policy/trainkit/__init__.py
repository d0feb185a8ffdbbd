"""trainkit: shared training plumbing for the team's TPU jobs."""
