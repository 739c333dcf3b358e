"""How the BANG! family is shown: the table, a seat's message and buttons, the turn log, in a reader's words."""
