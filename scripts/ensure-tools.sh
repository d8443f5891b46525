#!/usr/bin/env bash
# Install the system tools the test suite needs when they are missing:
# Debian's Chromium (browser tests), Node.js (JS unit tests) and npm (JupyterLite build).
# Playwright's own browser download is blocked here: we use /usr/bin/chromium.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)   # the offline JupyterLite build takes Pyodide from npm
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
  echo "ensure-tools: installing ${need[*]} with apt-get"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
