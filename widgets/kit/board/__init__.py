"""A clickable board: a renderer's HTML where `data-vg-value` elements can be picked."""

from widgets.kit.board.board import Board

__all__ = ["Board"]
