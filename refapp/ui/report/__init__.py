"""Incident reports as PDF (one incident, or a whole tournament), in English or French."""

from .pdf import Prepared, paint, prepare, render, report_language

__all__ = ["Prepared", "paint", "prepare", "render", "report_language"]
