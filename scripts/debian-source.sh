# Sourced by examples/*/fetch-and-build.sh: a Debian source package fetched once and built under
# bear. After `debian_source PKG DIR MARKER [DEB...]`:
#   $REPO, $WORK ($NVM_WORK/PKG-ish, default build/examples/<example>), $SRC ($WORK/DIR) and
#   $DB ($SRC/compile_commands.json) are set; when $DB already has entries its path is printed
#   and the script exits 0; otherwise stdout goes to stderr (fd 3 keeps the real stdout for the
#   final path), scripts/setup.sh and the extra Debian packages DEB... are installed, and the
#   source is fetched with `apt-get source PKG` unless $SRC/MARKER exists.
# The caller then builds under bear into "$DB.tmp" and calls debian_source_done.
debian_source() {
  local pkg=$1 dir=$2 marker=$3 example
  shift 3
  example=$(basename "$(dirname "$(realpath "${BASH_SOURCE[1]}")")")
  REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  WORK=${NVM_WORK:-$REPO/build/examples}/$example
  SRC=$WORK/$dir
  DB=$SRC/compile_commands.json
  if [ -s "$DB" ] && grep -q '"file"' "$DB"; then echo "$DB"; exit 0; fi
  exec 3>&1 1>&2
  "$REPO/scripts/setup.sh"   # clang, bear, dpkg-dev and the deb-src entry
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  if [ ! -f "$SRC/$marker" ]; then
    rm -rf "$WORK" && mkdir -p "$WORK"
    (cd "$WORK" && apt-get source -q "$pkg")
    [ -f "$SRC/$marker" ] || { echo "expected $SRC after 'apt-get source $pkg'" >&2; exit 1; }
  fi
}

# debian_source_done: the database recorded into $DB.tmp becomes $DB; its path is printed.
debian_source_done() {
  mv "$DB.tmp" "$DB"
  echo "$DB" >&3
}
