#!/bin/sh
# Regenerates the two web fonts in src/assets/fonts/ from the installed @fontsource-variable
# packages: each latin variable file cut down to the weights the CSS uses and the characters the
# shop's texts need, so the preloads before the first paint weigh a fraction of the originals
# (docs/decisions/017).
#
# Needs Debian's fonttools and python3-brotli (`apt-get install fonttools python3-brotli`; the WOFF2
# writer needs brotli). Run by hand, only when the fonts, the weights or the characters change, then
# copy the printed unicode-range into src/styles/fonts.css. npm ci, the build and CI never run it:
# the generated files are committed, like the generated images.
set -eu
cd "$(dirname "$0")/.."

# Every weight in the CSS is 400–700 (text 400–700, headings and the logo 400, 600, 700; `strong` only
# inside 400 text, so never `bolder` than 700): the axis limited to that drops Inter's lighter masters
# and scales the heavier deltas. The rounding of those deltas moves outlines by at most 2 font units
# (measured: line widths within 0.05 %, at 400 identical).
WEIGHTS='400:700'
# Basic Latin; every Latin-1 letter (customers' names and addresses: Spanish, Valencian à è ç, any
# Western European name); of Latin-1's symbols, those the texts and number formats use (the no-break
# space of "80,00 €", ¡ § © ª « ° ± ² · º » ¿; × and ÷ sit among the letters); the dashes, quotes and
# ellipsis; € and the minus of the quantity steppers. Anything else (→ ← ✓, none of which the original
# latin files had either) falls back to a system font, as before.
UNICODES='U+0020-007E,U+00A0-00A1,U+00A7,U+00A9-00AB,U+00B0-00B2,U+00B7,U+00BA-00BB,U+00BF-00FF'
UNICODES="$UNICODES,U+2013-2014,U+2018-2019,U+201C-201D,U+2026,U+20AC,U+2212"
# The features browsers apply by default (kerning, ligatures, contextual forms such as Inter's colon
# raised between digits, locale forms, mark placement) plus tnum, which font-variant-numeric:
# tabular-nums asks for in prices and totals. Fractions, numerators and other figure styles go.
FEATURES='kern,liga,rlig,calt,locl,ccmp,mark,mkmk,tnum'

out=src/assets/fonts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

subset() { # <source woff2> <output woff2>
  fonttools varLib.instancer --quiet --no-recalc-timestamp -o "$tmp/instance.ttf" "$1" "wght=$WEIGHTS"
  # --no-recalc-timestamp on both steps: the same sources give byte-identical files.
  pyftsubset "$tmp/instance.ttf" --unicodes="$UNICODES" --layout-features="$FEATURES" \
    --flavor=woff2 --no-recalc-timestamp --output-file="$2"
  # The characters the file really holds, as the @font-face unicode-range must list them (Debian's
  # python3 by path: that is where its fonttools lives, whatever python3 comes first in PATH).
  /usr/bin/python3 - "$2" <<'EOF'
import sys
from fontTools.ttLib import TTFont

points = sorted(TTFont(sys.argv[1]).getBestCmap())
ranges = []
for point in points:
    if ranges and point == ranges[-1][1] + 1:
        ranges[-1][1] = point
    else:
        ranges.append([point, point])
spans = ['U+%04X' % a if a == b else 'U+%04X-%04X' % (a, b) for a, b in ranges]
print('%s: unicode-range: %s;' % (sys.argv[1], ', '.join(spans)))
EOF
}

subset node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 "$out/inter-latin-wght-normal.woff2"
subset node_modules/@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2 \
  "$out/playfair-display-latin-wght-normal.woff2"
ls -l "$out"
