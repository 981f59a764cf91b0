"""What the game must resolve once: explicit pending items, consumed by the command that
resolves them (model.py holds the data, rules.py opens, resolves and closes them)."""
