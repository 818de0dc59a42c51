#!/usr/bin/env bash
# Renders every chart of the chart table (`slidebench chart --list`) to PNG with rsvg-convert
# and fails when one is missing or does not render, or when `slidebench chart --lint` finds a
# text outside the canvas, two texts overlapping or a panel of more than 8 lines or bars (the
# geometry is checked in Rust, with the font metrics the layout uses). The charts come from a
# small fresh comparison (the browser check's mix) plus a 3x3 census, so every chart has data; with a
# directory argument, the charts of that result set are checked instead (`results`, say).
# PNGs are left in $CHARTS_PNG_DIR when it is set, for a person to look at.
#
#   scripts/check-charts.sh            # fresh small run
#   scripts/check-charts.sh results    # the committed result set
set -euo pipefail
cd "$(dirname "$0")/.."
# SLIDEBENCH_BIN_DIR: where the binary is (.ci/run passes the test profile's, target/test-opt).
bin=${SLIDEBENCH_BIN_DIR:-target/release}/slidebench
[ -x "$bin" ] || cargo build --release --locked
if ! command -v rsvg-convert >/dev/null; then
  if command -v apt-get >/dev/null; then
    (apt-get update -qq && apt-get install -y -qq librsvg2-bin >/dev/null) || true
  fi
fi
if ! command -v rsvg-convert >/dev/null; then
  echo "error: rsvg-convert is not available (apt-get install librsvg2-bin)"
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then
  "$bin" chart --from "$1" --out "$work" >/dev/null
else
  "$bin" compare --cases random:2x3 random depth walk:4x4:30 korf100 \
    --count 3 --solvers bfs/rank bfs/text table/rank astar/rank idastar-md/packed \
    idastar-lc/packed idastar-pdb555/packed --threads 2 --budget-time 0.5 --out "$work" \
    --no-charts >/dev/null
  "$bin" census --shape 3x3 --csv "$work/census.csv" >/dev/null
  "$bin" census --shape 4x2 --csv "$work/census.csv" >/dev/null
  "$bin" chart --from "$work" >/dev/null
fi
png_dir=${CHARTS_PNG_DIR:-$work/png}
mkdir -p "$png_dir"
failed=0
rendered=0
skipped=0
while read -r name; do
  svg="$work/$name"
  if [ ! -s "$svg" ]; then
    # The small run's thread sweep takes a few ms a run, which the chart rightly will not draw
    # as scaling (its unit tests draw it); with a result set given, every chart must be there.
    if [ "$name" = threads.svg ] && [ $# -eq 0 ]; then
      echo "note: threads.svg not drawn: the small run's sweep is too short to show scaling"
      skipped=$((skipped + 1))
      continue
    fi
    echo "error: $name was not drawn"
    failed=1
    continue
  fi
  if ! "$bin" chart --lint "$svg"; then
    echo "error: $name fails the chart check (above)"
    failed=1
  fi
  png="$png_dir/${name%.svg}.png"
  if ! rsvg-convert "$svg" -o "$png" 2>"$work/rsvg.log" || [ ! -s "$png" ]; then
    echo "error: $name does not render: $(cat "$work/rsvg.log")"
    failed=1
    continue
  fi
  rendered=$((rendered + 1))
done < <("$bin" chart --list)
expected=$(( $("$bin" chart --list | wc -l) - skipped ))
echo "charts rendered to PNG: $rendered of $expected"
[ "$failed" = 0 ] && [ "$rendered" = "$expected" ]
