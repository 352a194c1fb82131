#!/usr/bin/env bash
# The OpenAPI document, dumped from the app built in-process, linted by Redocly's recommended rules (redocly.yaml).
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
node --import tsx apps/server/scripts/dump-openapi.ts "$dir/openapi.json"
npx --no-install redocly lint "$dir/openapi.json" --config redocly.yaml "$@"
