"""The Event and Attack decks (cards), resolving attacks and their board, and the odds
of a draw."""
