"""Flet views: they render the controller's state and send it commands; nothing else."""
