"""The app's start: the command line (`nemesis-companion`, `python -m companion`), the
data checks and replays it runs, and the assembly of the pages at start-up."""
