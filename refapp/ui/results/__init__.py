"""The Results page's parts (the page itself: :mod:`refapp.ui.results_view`): its tables and their texts."""
