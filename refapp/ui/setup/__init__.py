"""The Setup page's sections (the page itself: :mod:`refapp.ui.setup_view`)."""
