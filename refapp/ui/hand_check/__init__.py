"""The hand check: a player's hand built on the tile picker, checked live; a fault recorded, a win sent on."""

from .view import HandCheckView

__all__ = ["HandCheckView"]
