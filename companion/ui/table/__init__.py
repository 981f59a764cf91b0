"""The table screen: the board's trackers and every engine command, one tap away."""
