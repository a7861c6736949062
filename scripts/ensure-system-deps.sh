#!/usr/bin/env bash
# Finds or installs what the tests need from the system: a Chromium for Playwright (nothing may
# download a browser, so Debian's package is used) and PostgreSQL's binaries for the scale-path test.
# Prints `CHROMIUM_PATH=...` for the caller to export.
set -euo pipefail

find_chromium() {
  for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

find_pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

missing=()
find_chromium >/dev/null || missing+=(chromium)
[ -n "$(find_pg_bin)" ] || missing+=(postgresql)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "Missing ${missing[*]}: install them (Debian: apt-get install -y ${missing[*]}) or set CHROMIUM_PATH." >&2
    exit 1
  fi
  echo "Installing ${missing[*]} from Debian's packages…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${missing[@]}" >&2
fi

echo "CHROMIUM_PATH=$(find_chromium)"
