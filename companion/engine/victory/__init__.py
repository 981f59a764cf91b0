"""The end of the game and who wins: Contingency, Objectives, the victory draw, each
Character's fate, and what each seat may see of them (views)."""
