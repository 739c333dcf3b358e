"""Test doubles that the tests and the benchmarks share: the local Telegram Bot API emulator."""
