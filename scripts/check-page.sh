#!/usr/bin/env bash
# Checks the page `slidebench report` makes in a headless Chromium, at a desktop width (1400 px)
# and a phone width (390 px): it must load with no console message, every chart it inlines must
# render (the page's script counts the drawn SVGs into <body data-charts>, checked against
# data-charts-expected and the SVG files compare drew), every chart's whole width must be inside
# the window (data-charts-fit), the body must not scroll sideways (data-overflow), no ranked
# table may scroll sideways in its box at 1400 px (data-ranked-scroll), and at both widths the
# solver, answered and median cells of each ranked table's first three rows must lie inside the
# window (data-ranked-out). A
# screenshot at each width (page-W.png, and page-W-tables.png of the ranked tables alone) is
# left in $PAGE_PNG_DIR when it is set, for a person to look at.
#
#   scripts/check-page.sh            # the page of a fresh small comparison
#   scripts/check-page.sh results    # the page of a result set (written into a copy)
set -euo pipefail
cd "$(dirname "$0")/.."
# SLIDEBENCH_BIN_DIR: where the binary is (.ci/run passes the test profile's, target/test-opt).
bin=${SLIDEBENCH_BIN_DIR:-target/release}/slidebench
[ -x "$bin" ] || cargo build --release --locked
if ! command -v chromium >/dev/null; then
  if command -v apt-get >/dev/null; then
    (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "note: apt-get install chromium failed"
  fi
fi
if ! command -v chromium >/dev/null; then
  if [ -n "${CI:-}" ]; then
    echo "error: chromium is not available, and CI must run the browser check"
    exit 1
  fi
  echo "note: chromium not available; the browser check is skipped (it runs in CI)"
  exit 0
fi
page_dir=$(mktemp -d)
trap 'rm -rf "$page_dir"' EXIT
if [ $# -ge 1 ]; then
  cp -r "$1"/. "$page_dir"
else
  "$bin" compare --cases random:2x3 random depth walk:4x4:30 korf100 \
    --count 3 --solvers bfs/rank bfs/text table/rank astar/rank idastar-md/packed \
    idastar-lc/packed idastar-pdb555/packed --threads 2 --budget-time 0.5 --out "$page_dir" >/dev/null
fi
"$bin" report --from "$page_dir" >/dev/null
files=$(find "$page_dir" -maxdepth 1 -name '*.svg' | wc -l)
failed=0
for width in 1400 390; do
  dom="$page_dir/dom-$width.html"
  log="$page_dir/browser-$width.log"
  timeout 60 chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --hide-scrollbars --window-size="$width,1000" --virtual-time-budget=5000 \
    --dump-dom "file://$page_dir/index.html" >"$dom" 2>"$log"
  attr() { grep -o " $1=\"[^\"]*\"" "$dom" | head -n 1 | sed 's/.*="\(.*\)"/\1/' || true; }
  expected=$(attr data-charts-expected)
  drawn=$(attr data-charts)
  fit=$(attr data-charts-fit)
  overflow=$(attr data-overflow)
  ranked=$(attr data-ranked)
  ranked_scroll=$(attr data-ranked-scroll)
  ranked_out=$(attr data-ranked-out)
  if grep ':CONSOLE' "$log"; then
    echo "error at $width px: the report page wrote to the browser console (above)"
    failed=1
  fi
  if [ -z "$drawn" ] || [ "$drawn" != "$expected" ] || [ "$expected" != "$files" ] || [ "$files" -lt 9 ]; then
    echo "error at $width px: charts drawn in the browser: ${drawn:-none}; in the page: ${expected:-none}; files: $files"
    failed=1
  fi
  if [ "$fit" != "$drawn" ]; then
    echo "error at $width px: ${fit:-no} of ${drawn:-none} charts fit the window's width"
    failed=1
  fi
  if [ "$overflow" != "no" ]; then
    echo "error at $width px: the page is wider than the window (data-overflow=${overflow:-unset})"
    failed=1
  fi
  if [ -z "$ranked" ] || [ "$ranked" -lt 1 ]; then
    echo "error at $width px: no ranked table on the page (data-ranked=${ranked:-unset})"
    failed=1
  fi
  # At the desktop width no ranked table scrolls sideways in its box.
  if [ "$width" = 1400 ] && [ "$ranked_scroll" != 0 ]; then
    echo "error at $width px: ${ranked_scroll:-unset} of $ranked ranked tables scroll sideways"
    failed=1
  fi
  # At either width the solver, share answered and median cells of each ranked table's first
  # rows are inside the window.
  if [ "$ranked_out" != 0 ]; then
    echo "error at $width px: ${ranked_out:-unset} solver, answered or median cells of the ranked tables' first rows lie outside the window"
    failed=1
  fi
  if [ -n "${PAGE_PNG_DIR:-}" ]; then
    mkdir -p "$PAGE_PNG_DIR"
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
      --window-size="$width,2000" --virtual-time-budget=5000 \
      --screenshot="$PAGE_PNG_DIR/page-$width.png" "file://$page_dir/index.html" 2>/dev/null >/dev/null
    # The ranked tables lie below the charts: a second screenshot of a copy that shows only them.
    sed 's|</head>|<style>#findings,#findings~*{display:none}#tables,#tables~*{display:revert}</style></head>|' \
      "$page_dir/index.html" >"$page_dir/tables.html"
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
      --window-size="$width,2000" --virtual-time-budget=5000 \
      --screenshot="$PAGE_PNG_DIR/page-$width-tables.png" "file://$page_dir/tables.html" 2>/dev/null >/dev/null
  fi
  echo "report page at $width px: $drawn of $files charts rendered, $fit fit the width, $ranked ranked tables ($ranked_scroll scroll sideways, $ranked_out key cells outside the window), page overflow: $overflow"
done
exit "$failed"
