"""The Qt-free core: rule sets, events, scoring and the table ledger. No Qt, no sqlite, no file or clock access."""
