"""The table and its seats: the controller every page shares, who sits where, letting
phones in, and each page's door and session (what one viewer may see and send)."""
