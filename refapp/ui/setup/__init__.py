"""The Setup page: the page itself (:mod:`.view`) and its sections, the referee PIN's and the screen's among them."""
