"""The Telegram messenger: the only package that imports python-telegram-bot."""
