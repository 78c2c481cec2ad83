"""The History page: the view (:mod:`.view`) made of the list's model and delegate, the filter bar, the filter
choices, the detail page, and the texts they share (:mod:`.format`)."""
