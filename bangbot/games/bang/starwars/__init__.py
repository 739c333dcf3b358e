"""BANG! Star Wars: base BANG!'s engine over its own data, declared with its ruleset, words and presenter."""
