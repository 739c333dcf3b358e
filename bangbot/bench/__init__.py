"""Benchmarks that print figures; none of them asserts a time."""
