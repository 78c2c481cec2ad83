#!/usr/bin/env bash
# Build the bundle and start it offscreen: it must load its rule sets, open (create) a database and quit cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
$PY -m pip install -q -c packaging/constraints.txt pyinstaller  # pinned: a reproducible bundle
$PY packaging/build.py
BIN=packaging/dist/refapp/refapp
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT
"$BIN" --version
"$BIN" rulesets | grep -q "^wrc-2015"
"$BIN" replay tests/data/logs/ex13-two-tied-first.json | grep -q '"final": 47500'
QT_QPA_PLATFORM=offscreen "$BIN" --data-dir "$DATA" --quit-after 2
test -s "$DATA/refapp.sqlite3"
grep -q "refapp .* starts on" "$DATA/refapp.log"  # the log (refapp.logs) is written in the data folder
# Languages are found at run time: the compiled translations ship where refapp.ui.common.languages looks for them.
ls packaging/dist/refapp/_internal/refapp/translations/refapp_fr.qm >/dev/null
"$BIN" --data-dir "$DATA" verify
# A long sync's second process (refapp/store/ahead.py) is the bundle started with --derive-ahead: given a job with no
# device to read, it says it has ended.
$PY -c "import pickle, sys; sys.stdout.buffer.write(pickle.dumps(('$DATA', '', [], {}, {})))" | "$BIN" --derive-ahead \
  | $PY -c "import pickle, sys; assert pickle.load(sys.stdin.buffer) == ('end',)"
# The open's full check of a big database (refapp/store/fullcheck.py) is the bundle started with --check-store: on
# the data folder's database, it finds nothing wrong.
"$BIN" --check-store "$DATA/refapp.sqlite3" | $PY -c "import json, sys; assert json.load(sys.stdin) == {'problem': None}"
# A long standings read's helper (refapp/store/standings_reads.py) is the bundle started with --replay-tables: given
# no table to replay, it says so.
$PY -c "import pickle, sys; sys.stdout.buffer.write(pickle.dumps(('$DATA', [], {})))" | "$BIN" --replay-tables \
  | $PY -c "import json, sys; assert json.load(sys.stdin) == {}"
# Device keys need cryptography's compiled part (no command uses the keys yet: check that the bundle carries it).
ls packaging/dist/refapp/_internal/cryptography/hazmat/bindings/_rust.* >/dev/null
echo "smoke test passed: $(du -sh packaging/dist/refapp | cut -f1) bundle"
