"""Entry point of the bundled app: the same `refapp` command (GUI by default, sub-commands for headless use)."""

from refapp.cli import main

raise SystemExit(main())
