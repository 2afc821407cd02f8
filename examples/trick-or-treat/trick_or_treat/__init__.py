"""Trick or Treat: the example third-party game for nbc-rules."""
