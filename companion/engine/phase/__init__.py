"""The Event Phase: its steps in order (event_phase) and the open phase's state (model)."""
