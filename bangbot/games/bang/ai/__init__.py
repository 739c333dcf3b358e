"""The heuristic AI players of the BANG! family: they decide from one seat's view and what that seat saw."""
