"""BANG! The Duel with the Renegades expansion: its own state and rules behind the Ruleset contract."""
