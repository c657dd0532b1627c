#!/usr/bin/env bash
# Instructions per post save (a post with 1,000 kept versions), counted by callgrind, for one or more built
# checkouts: where wall-clock figures on this shared 2-core machine move more than the difference sought
# (apt-get install -y valgrind). Each checkout runs twice, with 0 and with 100 counted saves after the same
# warm-up; the difference over 100 is one save's instructions, start-up and seeding cancelled out. V8 runs
# --predictable and single-threaded (repeat runs agree within 1%: without it, timers and background GC made them
# differ by 5%).
#   bench/compare/save-instructions.sh /work/main /path/to/an/earlier/checkout
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
count() {
  UV_THREADPOOL_SIZE=1 valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file="$out/cg.out" \
    node --predictable --single-threaded "$here/save-instructions.mjs" "$1" "$2" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for root in "$@"; do
  root="$(cd "$root" && pwd)"
  none=$(count "$root" 0)
  many=$(count "$root" 100)
  echo "$root: $(((many - none) / 100)) instructions per save"
done
