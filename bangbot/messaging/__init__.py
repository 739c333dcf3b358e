"""Messenger-agnostic play: the adapter interface, the game service, rendering and buttons."""
