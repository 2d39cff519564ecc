"""Who sits where at a table, and who this device is: the kind of each seat (a person at
this screen, a person on another device, a bot) and the seats this device acts for (its
`Access`: the host's device, one seat's own page, or a spectator)."""

from __future__ import annotations

from collections.abc import Sequence

from village_games.tables import BOT, HUMAN, REMOTE
from village_games.tables.model import HOST, Access


class Seating:
    """The seats of a table as one device sees them."""

    def __init__(self, kinds: Sequence[str], access: Access | None = None) -> None:
        self.kinds = list(kinds)
        self.access = access or Access(HOST, tuple(i for i, k in enumerate(self.kinds)
                                                   if k == HUMAN))

    @property
    def role(self) -> str:
        return self.access.role

    @property
    def mine(self) -> tuple[int, ...]:
        """The seats this device acts for."""
        return self.access.seats

    @property
    def locals(self) -> list[int]:
        """The people at this device's screen."""
        return [s for s in self.mine if self.kinds[s] != BOT]

    @property
    def hot_seat(self) -> bool:
        return len(self.locals) >= 2

    @property
    def public_view(self) -> int | None:
        """Whose view the screen shows outside a person's own turn: the one person at it,
        else the table's public view."""
        return self.locals[0] if len(self.locals) == 1 else None

    @property
    def shared(self) -> bool:
        """Whether people on other devices sit at this table."""
        return REMOTE in self.kinds
