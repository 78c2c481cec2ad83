"""Re-seat the table: who really sat where, a preview of every number that changes, the hands replayed."""

from .page import ReseatPage

__all__ = ["ReseatPage"]
