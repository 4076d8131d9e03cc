"""Troef: scoring platform for card clubs and tournaments.

The backend's rooms (``rules``, ``aggregates``, ``application``, ``projections``,
``schemas``, ``exports``, ``instance``, ``demo``, ``api``, ``web``, ``cli``) and which of
them may import which are in docs/architecture.md ("Import rules"); ``lint-imports`` checks
them.
"""
