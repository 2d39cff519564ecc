"""`PageAddress`: sets the page's own address, so a reload (F5) opens what is on screen."""

from widgets.kit.page_address.page_address import PageAddress

__all__ = ["PageAddress"]
