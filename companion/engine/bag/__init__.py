"""The intruder bag: its tokens (model), the commands that develop and draw from it
(handlers), and the odds each viewer may see (odds)."""
