"""Contingency tokens and the Victory Check: the table's walkthrough (route "victory"),
its entry on the end panel, and each player's private part
for their phone (`build_seat_parts`)."""
from __future__ import annotations

from .contingency_panel import build_own_tokens
from .screen import VICTORY_SCREEN
from .seat_part import SeatVictory, build_seat_parts
from .setup_part import ContingencyPicker

__all__ = ["VICTORY_SCREEN", "build_own_tokens", "build_seat_parts", "SeatVictory", "ContingencyPicker"]
