"""The Duel's benchmark parts: engine speed per mode, AI win rates and the blunder referee."""
