"""How strong a table's AI seats play: easy (random), normal (the heuristic), hard (the search)."""

EASY, NORMAL, HARD = "easy", "normal", "hard"
LEVELS = (EASY, NORMAL, HARD)
DEFAULT_LEVEL = NORMAL
