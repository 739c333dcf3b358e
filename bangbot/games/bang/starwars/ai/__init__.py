"""BANG! Star Wars' AI as a plug-in of base BANG!'s heuristic player: fate effects and its own decisions."""
