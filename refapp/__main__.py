from refapp.cli import main

raise SystemExit(main())
