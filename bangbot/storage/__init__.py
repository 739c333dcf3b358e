"""Persistence with sqlmodel: games, seats, the action log, settings and message references."""
