#!/usr/bin/env bash
# Set up (first run only) and open the Tabletop menu. Extra arguments go to `tabletop`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/scripts/setup.sh"
exec "$root/.venv/bin/tabletop" "$@"
