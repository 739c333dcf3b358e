"""Test tools that the tests and the benchmarks share, kept out of the installed package: the Bot API emulator."""
