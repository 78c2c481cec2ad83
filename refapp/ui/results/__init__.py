"""The Results page: the page itself (:mod:`.view`), its tables and their texts, the tournament's standings and the
score chart."""
