#!/usr/bin/env bash
# `npm test`: every test of the project, on a machine that has only Node and apt.
# Installs and starts what the tests need, type-checks, builds, then runs the unit and integration tests
# (server tests on embedded PGlite AND on the PostgreSQL server, chat fan-out on the real Redis, the message
# queue on the real RabbitMQ) and the end-to-end tests in Chromium against the built app.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/services.sh

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
export TEST_AMQP_URL="${TEST_AMQP_URL:-amqp://guest:guest@127.0.0.1:5672}"
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
REPORTS=test-results
mkdir -p "$REPORTS"
rm -f "$REPORTS"/*.json "$REPORTS"/*.log

step() { printf '\n=== %s ===\n' "$*"; }
fail() { printf '\nFAILED: %s\n' "$*"; exit 1; }

step "services"
ensure_chromium || fail "Chromium is not available"
ensure_postgres || fail "PostgreSQL is not available"
ensure_redis || fail "Redis is not available"
ensure_rabbitmq || fail "RabbitMQ is not available"

[ -d node_modules ] || { step "npm install"; npm install --no-audit --no-fund || fail "npm install"; }

step "typecheck"
npm run typecheck || fail "typecheck"

step "lint and format"
npm run lint || fail "lint"

step "build"
node scripts/build-if-needed.mjs || fail "build"

step "web weight budget"
node scripts/web-budget.mjs || fail "web weight budget"

step "unit and integration tests (PGlite, PostgreSQL, web, packages)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$PWD/$REPORTS/vitest.json" 2>&1 |
  tee "$REPORTS/vitest.log"
unit=${PIPESTATUS[0]}

step "end-to-end tests (Chromium)"
e2e=0
reports=("$REPORTS/vitest.json")
if ls e2e/specs/*.spec.ts >/dev/null 2>&1; then
  reports+=("$REPORTS/e2e.json")
  # The line reporter to the log (one line per failure, with its error), the JSON report for the summary.
  PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/$REPORTS/e2e.json" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npx playwright test -c e2e/playwright.config.ts --reporter=line,json 2>&1 | tee "$REPORTS/e2e.log"
  e2e=${PIPESTATUS[0]}
else
  echo "no end-to-end specs in e2e/specs yet"
fi

step "summary"
node scripts/test-summary.mjs "${reports[@]}"
[ $unit -eq 0 ] || { step "why the unit and integration run failed"; node scripts/test-run-errors.mjs "$REPORTS/vitest.log"; }
if [ $e2e -ne 0 ]; then
  step "why the end-to-end run failed"
  # The JSON report names the failed tests and the errors outside them; without it (the runner itself
  # did not start) the log is all there is.
  if [ -s "$REPORTS/e2e.json" ]; then node scripts/test-run-errors.mjs "$REPORTS/e2e.json"
  else node scripts/test-run-errors.mjs "$REPORTS/e2e.log"; fi
fi
[ $unit -eq 0 ] && [ $e2e -eq 0 ] || fail "tests (unit/integration exit $unit, end-to-end exit $e2e)"
echo "ALL TESTS PASSED"
