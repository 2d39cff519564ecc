"""A clickable board: a renderer's HTML where `data-vg-value` elements can be picked."""

from widgets.board.board import Board

__all__ = ["Board"]
