#!/usr/bin/env bash
# Set up (first run only) and run the whole test suite. Extra arguments go to pytest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/scripts/setup.sh" --test
cd "$root"
exec "$root/.venv/bin/python" -m pytest -n "${TABLETOP_TEST_WORKERS:-2}" --dist loadgroup "$@"
