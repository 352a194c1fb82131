#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (never a downloaded browser build).
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's package (apt-get install chromium)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
cat >&2 <<MSG
The end-to-end tests need Chromium at $path.
Install it with:   sudo apt-get install -y chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary.
MSG
exit 1
