"""The rules engine of the BANG! family (base BANG! and Star Wars): state, legal actions, effects, views."""
