"""bangbot: the card game BANG! played by message."""
