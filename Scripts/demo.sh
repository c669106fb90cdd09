#!/usr/bin/env bash
# The main job, end to end, offline: start the local Clerk emulator, sign in as
# demo@example.com (password through stdin), show who we are, mint a `convex` token, call the
# emulator's Convex-style `users:whoami` with it, choose an organization and mint a token that
# carries it, sign out, stop the emulator.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${CLERKCTL_BIN_DIR:-.build/release}
[ -x "$bin/clerkctl" ] && [ -x "$bin/clerk-emulator" ] || {
  echo "demo: build first (make build)" >&2
  exit 1
}
work=$(mktemp -d)
emulator_pid=""
cleanup() {
  [ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null && wait "$emulator_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

if [ -t 2 ] && [ -z "${NO_COLOR+x}" ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold="" plain=""; fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain" >&2; }
show() { printf '$ %s\n' "$*" >&2; }

step "Start the Clerk emulator on a free loopback port"
"$bin/clerk-emulator" --port 0 --quiet >"$work/ready" &
emulator_pid=$!
for _ in $(seq 1 100); do
  [ -s "$work/ready" ] && break
  sleep 0.1
done
ready=$(head -n 1 "$work/ready")
[ -n "$ready" ] || { echo "demo: the emulator did not start" >&2; exit 1; }
echo "$ready" >&2
field() { printf '%s' "$ready" | sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }

# A private config dir, so the demo never touches your own sign-ins.
export CLERKCTL_CONFIG_DIR="$work/config"
export CLERK_FAPI_URL
CLERK_FAPI_URL=$(field fapi_url)
convex_url=$(field convex_url)
clerkctl() { "$bin/clerkctl" "$@"; }

step "Sign in (the password comes through stdin, never argv)"
show "printf 'demo-password\\n' | clerkctl login --identifier demo@example.com --password-stdin"
printf 'demo-password\n' | clerkctl login --identifier demo@example.com --password-stdin

step "Who am I? (checked with Clerk)"
show "clerkctl whoami"
clerkctl whoami

step "Mint a token from the 'convex' JWT template"
show "clerkctl token --template convex --format json"
clerkctl token --template convex --format json
token=$(clerkctl token --template convex)
echo "(a second call reuses the cached token: $(printf '%s' "$token" | tail -c 12 | sed 's/^/…/'))" >&2

step "Call the Convex-style backend with it: users:whoami"
show "clerkctl convex query users:whoami --url $convex_url"
clerkctl convex query users:whoami --url "$convex_url"
show "curl-style: clerkctl api -X POST -d '{\"path\":\"users:whoami\",\"args\":{},\"format\":\"json\"}' $convex_url/api/query"
clerkctl api -X POST -d '{"path":"users:whoami","args":{},"format":"json"}' --template convex \
  "$convex_url/api/query"
echo

step "Organizations: make Acme active; tokens then carry it"
show "clerkctl org list"
clerkctl org list
show "clerkctl org use acme"
clerkctl org use acme
show "clerkctl token --template convex-org | clerkctl jwt decode -   # org_id, org_role"
clerkctl token --template convex-org | clerkctl jwt decode - 2>/dev/null
show "clerkctl convex query users:whoami --template convex-org --url $convex_url"
clerkctl convex query users:whoami --template convex-org --url "$convex_url"
show "clerkctl whoami"
clerkctl whoami
show "clerkctl org use --personal"
clerkctl org use --personal

step "Status of every profile"
show "clerkctl status"
clerkctl status

step "Sign out (at Clerk, then locally)"
show "clerkctl logout"
clerkctl logout
show "clerkctl token --template convex   # now fails: exit 4, not signed in"
if clerkctl token --template convex >/dev/null; then
  echo "demo: expected 'not signed in' after logout" >&2
  exit 1
else
  echo "(exit $?)" >&2
fi

step "Stop the emulator"
kill "$emulator_pid"
wait "$emulator_pid" || true
emulator_pid=""
echo "Demo complete." >&2
# The three commands to try by hand (the quick start of README.md).
cat >&2 <<'EOT'

Try it yourself (binaries in .build/release; 'make install PREFIX=$HOME/.local' puts them on PATH):
  .build/release/clerk-emulator --port 8787 --quiet &
then the three commands:
  export CLERK_FAPI_URL=http://127.0.0.1:8787
  .build/release/clerkctl login --identifier demo@example.com   # password: demo-password
  .build/release/clerkctl token --template convex
EOT
