"""Texts of the BANG! family marked for translation: Star Wars' words, rule-option sentences, readings."""
