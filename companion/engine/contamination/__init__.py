"""Contamination: the cards in each Character's deck (model), scanning and checking
them (handlers), and what each seat may see of its own (views)."""
