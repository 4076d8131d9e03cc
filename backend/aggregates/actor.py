"""Who did it: the role, the device and the command id carried by every event."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DIRECTOR = "director"
TABLE = "table"
SYSTEM = "system"
ROLES = (DIRECTOR, TABLE, SYSTEM)


@dataclass(frozen=True)
class Actor:
    """The author of a command: a role, the client (device) id and its mutation id."""

    role: str
    client_id: str = ""
    mutation_id: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}")

    @property
    def is_director(self) -> bool:
        return self.role in (DIRECTOR, SYSTEM)

    def as_dict(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "client_id": self.client_id,
            "mutation_id": self.mutation_id,
            "name": self.name,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Actor:
        return cls(
            role=data["role"],
            client_id=data.get("client_id", ""),
            mutation_id=data.get("mutation_id"),
            name=data.get("name", ""),
        )


def director(name: str = "director", client_id: str = "console") -> Actor:
    return Actor(DIRECTOR, client_id=client_id, name=name)


def system(name: str = "troef") -> Actor:
    return Actor(SYSTEM, client_id="system", name=name)
