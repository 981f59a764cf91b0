"""The Time track and what moves with it: power, fire and malfunction markers, the
first player, self-destruction and the end of the game."""
