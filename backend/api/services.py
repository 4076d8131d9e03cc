"""The instance's services, as the resource modules have always imported them.

They live in the composition root (:mod:`backend.instance.services`), where the pages of
:mod:`backend.web` reach them too.
"""

from __future__ import annotations

from ..instance.services import Services, attach, open_services, services

__all__ = ["Services", "attach", "open_services", "services"]
