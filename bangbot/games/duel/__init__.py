"""BANG! The Duel and its Renegades: its rules, AI players, presenter, texts and benches."""
