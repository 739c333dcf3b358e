"""How the Duel is shown: fighters, squads, its buttons and event lines, in a reader's words."""
