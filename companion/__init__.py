"""Table companion for Nemesis: Lockdown."""

__version__ = "0.1.0"
