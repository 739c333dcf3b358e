"""Texts of the Duel marked for translation: names, help texts and /rules answers."""
