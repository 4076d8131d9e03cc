"""Run the ``troef`` command as ``python -m backend.cli``."""

from . import main

main()
