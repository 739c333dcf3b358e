"""Lets `python -m bangbot` run the bangbot command."""

from bangbot.cli import main

main()
