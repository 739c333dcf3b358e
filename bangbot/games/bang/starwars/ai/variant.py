"""BANG! Star Wars' hooks into the heuristic player: its own decisions answered, fate effects read."""

from __future__ import annotations

from bangbot.games.bang.ai.variants import AiVariant, register_ai
from bangbot.games.bang.starwars.ai.answers import ANSWERS
from bangbot.games.bang.starwars.ai.fate import hits_back, is_barrage
from bangbot.games.bang.starwars.rules.data import STARWARS

STARWARS_AI = register_ai(STARWARS, AiVariant(ANSWERS, volley=is_barrage, hits_back=hits_back))
