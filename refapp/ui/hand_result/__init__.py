"""Hand results: the form (ron, tsumo, draws; winners, discarder, values, liability), the preview, confirm."""

from .flow import HandResultFlow
from .form import HandResultPanel
from .value import ValueEditor

__all__ = ["HandResultFlow", "HandResultPanel", "ValueEditor"]
