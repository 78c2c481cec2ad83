"""refapp's application layer: one Qt-free core under every screen and command.

Every user action and every read of a screen goes through here: the app's widgets (:mod:`refapp.ui`, through its thin
Qt adapter) and the command line (:mod:`refapp.commands`) both call it, and neither repeats its orchestration. It sits
on the store (:mod:`refapp.store`) and the domain (:mod:`refapp.domain`) and imports neither Qt nor the faces above
it. docs/architecture.md draws the layers and follows one ruling from a tap to the stored row and back.

* :mod:`.session` — the open table: preview, record, undo, the referee's calls, the lock (referee and table mode),
  the "what changed" notice every screen listens to;
* :mod:`.setup`, :mod:`.history`, :mod:`.clock`, :mod:`.results` — the reads and intents of Setup, History (with
  statements and sign-offs), the session clock, Results and the head referee's records;
* :mod:`.reports` — incident reports written to PDF (long: run in a worker by the app);
* :mod:`.venue` — the devices, the shared folder's sync (long), the tables at a glance, conflicts and handovers;
* :mod:`.folder`, :mod:`.integrity`, :mod:`.transfer`, :mod:`.rulesets` — the data folder opened without a session
  (the command line: its database, rule sets, settings and referee PIN), verify and recover, bundles and CSV
  exports, the club's rule-set files; :mod:`.files` and :mod:`.outfiles` — light: the data folder's path, JSON in,
  files out;
* :mod:`.types` and :mod:`.errors` — the store's and the domain's types and error classes the faces name (the faces
  import them from here, never from the store).
"""
