"""The board (:mod:`.view`) and what only it uses: its sizes, the riichi bar, the sticks, the corner for calling the
referee and the calls behind it."""
