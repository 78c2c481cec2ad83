"""Incident reports as PDF (one incident, or a whole tournament), in English or French."""

from .pdf import render, report_language

__all__ = ["render", "report_language"]
