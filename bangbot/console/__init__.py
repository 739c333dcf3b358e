"""The terminal messenger: play against AI players in a terminal, through the same game service."""
