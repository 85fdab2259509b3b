#!/usr/bin/env bash
# Builds the image from this checkout with podman, as `localhost/svc-emulator:test`, labelled with the hash
# of what it copies from the checkout (container/context-hash.mjs: the image tests rebuild a stale image). The base is the Dockerfile's
# default (the official Node LTS image) when a registry can be reached; otherwise a base with Node from
# Debian's packages is made once with mmdebstrap (`localhost/svc-emulator-base:trixie`; docs/docker.md).
# Inside the build, npm reaches the registry through the host's network, with the host's CA bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/container/containers.conf}"
IMAGE="${SVC_EMULATOR_IMAGE:-localhost/svc-emulator:test}"
LOCAL_BASE=localhost/svc-emulator-base:trixie
OFFICIAL_BASE="$(sed -n 's/^ARG BASE=//p' Dockerfile)"

# --if-stale (the tests): build only if the image's label differs from the checkout's hash. Test files ask at
# once, so the check holds a lock: one builds, the others wait and then find the image current.
if [ "${1:-}" = "--if-stale" ]; then
  exec 9>"${TMPDIR:-/tmp}/svc-emulator-image.lock"
  flock 9
  label="$(podman image inspect "$IMAGE" --format '{{index .Labels "svc-emulator.context"}}' 2>/dev/null || true)"
  [ "$label" = "$(node container/context-hash.mjs)" ] && exit 0
fi

base="$OFFICIAL_BASE"
if ! podman image exists "$OFFICIAL_BASE" && ! timeout 30 podman pull -q "$OFFICIAL_BASE" >/dev/null 2>&1; then
  base="$LOCAL_BASE"
  if ! podman image exists "$LOCAL_BASE"; then
    echo "container: no registry for $OFFICIAL_BASE; making $LOCAL_BASE from Debian's packages"
    tar="$(mktemp -d)/base.tar"
    mmdebstrap --quiet --variant=minbase --include=nodejs,npm,ca-certificates,passwd trixie "$tar"
    podman import -q "$tar" "$LOCAL_BASE" >/dev/null
    rm -rf "$(dirname "$tar")"
  fi
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
