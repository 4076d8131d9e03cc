"""Benchmarks of Troef's history layer; run ``python -m bench.history`` (see bench/README.md)."""
