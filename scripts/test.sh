#!/usr/bin/env bash
# The typecheck, the linter, the OpenAPI document's linter, then every tier of tests: unit and API on PGlite, the API again on PostgreSQL and Redis when
# TEST_DATABASE_URL (and REDIS_URL) are set, then end-to-end journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== dependencies supported on this Node"
node scripts/check-engines.mjs

echo "== typecheck and lint"
npm run typecheck --silent
npm run lint --silent

echo "== OpenAPI document (redocly lint, recommended rules)"
npm run lint:api --silent

echo "== unit and API tests (PGlite, in-memory rate limits)"
env -u TEST_DATABASE_URL -u REDIS_URL npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  limits="in-memory rate limits"
  [ -n "${REDIS_URL:-}" ] && limits="rate limits in Redis at $REDIS_URL"
  echo "== API tests on PostgreSQL (${TEST_DATABASE_URL}) with $limits"
  npx vitest run apps/server/test
else
  echo "== API tests on PostgreSQL skipped: set TEST_DATABASE_URL (and REDIS_URL) to run them"
fi

echo "== end-to-end tests in Chromium"
npm run test:e2e --silent
