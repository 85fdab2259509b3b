#!/usr/bin/env bash
# The fresh-machine check (docs/testing.md): runs `.ci/run` from a clean clone of the committed HEAD inside a
# throwaway container made from the minimal Debian base that container/build-image.sh makes (Debian's minbase,
# Node.js and npm, nothing else), as root with the host's network, so a system package that .ci/run does not
# install fails here instead of on a new machine. podman cannot run inside that container: the image tests
# (test/container, test/testcontainers) skip there, naming why; they run on the machine itself in CI.
# Usage: container/fresh-machine-check.sh [--lines "24"]   (--lines: only those suite lines, a quicker check)
# Prints the last lines of the run and its exit code; the whole log is kept in $TMPDIR/fresh-machine-check.log.
set -euo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/container/containers.conf}"
lines=""
[ "${1:-}" != "--lines" ] || lines="${2:?--lines needs the lines, for example \"24\"}"
[ -z "$(git status --porcelain --untracked-files=no)" ] || echo "fresh-machine-check: uncommitted changes are not checked (it clones HEAD)" >&2

base="$(container/build-image.sh --local-base)"
work="$(mktemp -d)"
name="svc-fresh-machine-$$"
cleanup() { podman rm -f -t 0 "$name" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
git clone -q . "$work/repo"
log="${TMPDIR:-/tmp}/fresh-machine-check.log"
args=(--name "$name" --network host --shm-size 1g -v "$work/repo:/ci/repo" -w /ci/repo
  -e CI=true -e "SVC_EMULATOR_SKIP_IMAGE=podman cannot run inside the fresh-machine check's container"
  -e "SVC_EMULATOR_CI_LINES=$lines")
ca=/etc/ssl/certs/ca-certificates.crt
# The host's CA bundle, for an npm registry reached through a proxy with its own CA (as container/build-image.sh).
[ ! -f "$ca" ] || args+=(-v "$ca:/etc/ssl/certs/host-ca.crt:ro" -e NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca.crt)
echo "fresh-machine-check: .ci/run from a clone of $(git rev-parse --short HEAD) in a container from $base (log: $log)"
start=$(date +%s)
set +e
podman run "${args[@]}" "$base" bash .ci/run >"$log" 2>&1
code=$?
set -e
tail -n 25 "$log"
echo "fresh-machine-check: .ci/run exited with $code after $(( $(date +%s) - start )) s"
exit "$code"
