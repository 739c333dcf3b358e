"""The bot's operations side: its HTTP app (webhook, health, readiness, metrics), logs and error reports."""
