"""The Tables page: the table switcher and the tournament at a glance, the conflicts inbox, the devices of the
venue, and this device's fingerprint and shared folder (``docs/venue.md``). Its modules are imported when the page is
first opened (``refapp.ui.venue.page``), so the board's first frame loads none of them."""
