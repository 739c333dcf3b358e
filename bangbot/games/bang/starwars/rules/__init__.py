"""BANG! Star Wars' mechanics as a plug-in of base BANG!'s engine: its data, fate effects, decisions and hooks."""
