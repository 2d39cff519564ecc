"""`SizedUpload` and `SizedText`: a file button and a text box that refuse, in the
browser, a file or a paste over its size limit."""

from .paste import SizedText
from .upload import (
    DATA_FILE_LIMIT,
    SAVE_FILE_LIMIT,
    SizedUpload,
    check_upload,
    size_text,
    upload_text,
)

__all__ = ["DATA_FILE_LIMIT", "SAVE_FILE_LIMIT", "SizedText", "SizedUpload", "check_upload",
           "size_text", "upload_text"]
