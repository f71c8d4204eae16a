#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; Chinese text renders as empty boxes without the
# CJK fonts; the server grabs camera frames with ffmpeg (the camera tests stream a test pattern);
# the server suites also run on a throw-away PostgreSQL cluster; two servers run behind Debian's
# nginx with the deploy's site (e2e/behind-nginx.test.ts); the LDAP sign-in tests run Debian's
# OpenLDAP server, slapd, in a temporary folder (ldap-utils: its client tools, for diagnosing).
# Installs them when missing and we are root (CI, a fresh machine), else says how.
set -euo pipefail
packages=(chromium fonts-noto-cjk ffmpeg postgresql nginx slapd ldap-utils)
if dpkg -s "${packages[@]}" >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Browser tests need: sudo apt-get install -y ${packages[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${packages[@]}"
