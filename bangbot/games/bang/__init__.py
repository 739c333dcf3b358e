"""Base BANG! and BANG! Star Wars, one family: its rules, AI players, presenter, texts and benches."""
