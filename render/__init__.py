"""Rendering computed results for people: the HTML site (and, in mail/, the emails)."""
