"""Entry point of the bundled app: the same `refapp` command (GUI by default, sub-commands for headless use)."""

import sys

if sys.argv[1:2] == ["--derive-ahead"]:  # a long sync's second process (refapp/store/ahead.py: SERVE_OPTION)
    from refapp.store.ahead import serve

    serve()
    raise SystemExit(0)

if sys.argv[1:2] == ["--check-store"]:  # the open's full check of a big database (refapp/store/fullcheck.py)
    from refapp.store.fullcheck import serve as check_store

    check_store(sys.argv[-1])
    raise SystemExit(0)

if sys.argv[1:2] == ["--replay-tables"]:  # a long standings read's helper (refapp/store/standings_reads.py)
    from refapp.store.standings_reads import serve as replay_tables

    replay_tables()
    raise SystemExit(0)

from refapp.cli import main

raise SystemExit(main())
