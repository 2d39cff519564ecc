"""`DownloadButton`: one click downloads a file the kernel makes at that moment."""

from .download import DownloadButton

__all__ = ["DownloadButton"]
