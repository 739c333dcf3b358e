"""The BANG! family's own benchmark parts: the referee that counts an AI's blunders."""
