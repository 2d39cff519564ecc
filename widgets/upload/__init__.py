"""`SizedUpload`: a file button that refuses, in the browser, a file over its size limit."""

from .upload import (
    DATA_FILE_LIMIT,
    SAVE_FILE_LIMIT,
    SizedUpload,
    check_upload,
    size_text,
    upload_text,
)

__all__ = ["DATA_FILE_LIMIT", "SAVE_FILE_LIMIT", "SizedUpload", "check_upload", "size_text",
           "upload_text"]
