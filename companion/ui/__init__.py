"""Flet views: each renders its page's own view of the game and sends commands as that
page's viewer (companion.seats.page_session); nothing else."""
