"""The UI kit: the widgets every screen shares, so a thing looks and behaves the same everywhere."""
