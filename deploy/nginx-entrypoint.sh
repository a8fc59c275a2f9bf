#!/bin/sh
# The proxy image's start: deploy/nginx.conf with its upstream's `server` lines replaced by
# TABI_UPSTREAMS (space-separated host:port), then nginx in the foreground.
set -eu
: "${TABI_UPSTREAMS:?set TABI_UPSTREAMS, e.g. \"app1:3000 app2:3000 app3:3000\"}"
awk -v ups="$TABI_UPSTREAMS" '
  /^    server 127\.0\.0\.1:[0-9]+/ {
    if (!done) { n = split(ups, u, " "); for (i = 1; i <= n; i++) printf "    server %s max_fails=1 fail_timeout=5s;\n", u[i]; done = 1 }
    next
  }
  { print }
' /etc/nginx/tabi.conf.template > /etc/nginx/conf.d/tabi.conf
nginx -t -q
exec nginx -g 'daemon off;'
