#!/usr/bin/env bash
# Makes the Thai and Georgian fonts in public/fonts/ from Debian's Noto fonts (fonts-noto-core), kept
# to each script's own blocks so a page downloads them only for text in that script. The woff2
# files are committed; run this again only to change their coverage. Needs Debian's python3 (not a pyenv one) and: apt-get install
# fonts-noto-core python3-fonttools python3-brotli.
set -euo pipefail
cd "$(dirname "$0")/.."
NOTO=/usr/share/fonts/truetype/noto
subset() { # family-file output unicodes
  /usr/bin/python3 -m fontTools.subset "$NOTO/$1" --output-file="public/fonts/$2" --flavor=woff2 --unicodes="$3" \
    --layout-features='*' --no-hinting --desubroutinize --name-IDs='*' --name-languages='*'
}
THAI='U+0E01-0E5B,U+200C-200D,U+25CC'
GEORGIAN='U+10A0-10FF,U+1C90-1CBF,U+2D00-2D2F'
for weight in Regular:400 Bold:700; do
  subset "NotoSansThai-${weight%%:*}.ttf" "noto-sans-thai-${weight##*:}.woff2" "$THAI"
  subset "NotoSansGeorgian-${weight%%:*}.ttf" "noto-sans-georgian-${weight##*:}.woff2" "$GEORGIAN"
done
cp /usr/share/doc/fonts-noto-core/copyright public/fonts/noto-OFL.txt
ls -l public/fonts/noto-sans-*.woff2
