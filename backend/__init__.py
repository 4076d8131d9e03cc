"""Troef: scoring platform for card clubs and tournaments."""
