"""The event store, in two layers (each module's docstring says its own; tests/test_contracts.py checks them).

* **bottom**: what writing one event needs, importing no feature: the errors (:mod:`~refapp.store.errors`) and the
  typed references (:mod:`~refapp.store.refs`), the hash chain (:mod:`~refapp.store.chain`) and the journal of its
  lines (:mod:`~refapp.store.witness`), the schema and its migrations (:mod:`~refapp.store.schema`), the columns a row
  derives from its payload (:mod:`~refapp.store.derive`), the entity events and their projections
  (:mod:`~refapp.store.entities` and the modules it builds on), and the connection with its transactions
  (:mod:`~refapp.store.db`: the ``Store`` and its ``Writer``); with the small helpers they use (paths, the folder's
  lock, the device key's fingerprints, safe JSON and CSV).
* **features**, on top, each taking a store: the open (:mod:`~refapp.store.opening`, which installs the signing of
  every write), devices and signing, the sync folder, bundles and imports, backups, verify, the recovery, and the read
  models the core and the command line use (history, records, reports, standings, the venue's desk).

Nothing imports in a circle, and a module imports another inside a function only where start-up speed needs it.
"""
