"""What a phone shows: the join screen until it holds a seat, then that seat's screen."""
