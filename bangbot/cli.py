"""Command line entry point (placeholder until the engine lands)."""


def main() -> None:
    """Runs the bangbot command."""
