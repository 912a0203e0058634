#!/usr/bin/env bash
# The differential harness (Tests/wiremock/differential.py): every case under Tests/wiremock/cases against `fscript
# mock` and, when Java and the `wiremock` wheel's jar are here (scripts/install --test-deps), against the real
# WireMock 2.35.1 too. Fails when the mock fails a case, or answers differently from WireMock on a case that
# Tests/wiremock/known_differences.json (and the README's compatibility table) does not list.
# Then Tests/wiremock/no_journal.py: the journal routes with --no-request-journal, against the jar the same way.
source "$(dirname "$0")/../cli/common.sh"

python3 -c 'import wiremock' 2>/dev/null || fatal "the wiremock client is missing (scripts/install --test-deps)"
command -v java >/dev/null || printf 'note: no java; the cases run against fscript mock alone\n' >&2
status=0
PYTHONDONTWRITEBYTECODE=1 python3 Tests/wiremock/differential.py "$bin" || status=$?
[ "$status" -eq 0 ] || fatal "the mock differs from WireMock (differential.py status $status; lines above)"
# The journal routes with --no-request-journal, which the cases cannot hold (their servers keep a journal).
status=0
PYTHONDONTWRITEBYTECODE=1 python3 Tests/wiremock/no_journal.py "$bin" || status=$?
[ "$status" -eq 0 ] || fatal "with --no-request-journal the mock differs from WireMock (no_journal.py status $status)"
