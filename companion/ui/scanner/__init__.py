"""The Scanner (a player's Contamination cards under the red film) and the Character board."""
