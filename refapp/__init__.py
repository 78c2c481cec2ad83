"""refapp: a touch-first referee tool and table ledger for riichi mahjong tournaments."""

__version__ = "0.1.0"
