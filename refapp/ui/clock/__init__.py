"""The session clock: its model (:mod:`.model`), the clock on the board (:mod:`.panel`) and the clock page
(:mod:`.page`)."""
