# Sourced by the Tests/cli checks: strict mode, the repository as working directory, `fatal`, and `$bin`, the
# fscript binary under test (FSCRIPT_BIN, which scripts/test sets, or the debug build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
fatal() { printf '** ERROR: %s\n' "$*" >&2; exit 1; }
bin="${FSCRIPT_BIN:-.build/debug/fscript}"
[ -x "$bin" ] || fatal "no fscript binary at $bin; build first or set FSCRIPT_BIN"
