#!/usr/bin/env bash
# Runs dnsmasq (pristine or ported) in the foreground as the tests and the crash loop use it:
# DHCP on loopback for relayed requests (dhcp-client.py is the relay), DNS of the lease names on
# 127.0.0.1:5399, the lease file in DIR. Extra arguments are passed to dnsmasq.
#   run-server.sh BINARY DIR [dnsmasq options...]
# Environment: DHCP_PORT (1067), DNS_PORT (5399); for the port PMS_POOL defaults to
# DIR/dnsmasq.pool and PMEM_IS_PMEM_FORCE to 1.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: run-server.sh BINARY DIR [dnsmasq options...]" >&2; exit 2; }
BIN=$1 DIR=$2
shift 2
cd "$DIR"
export PMS_POOL=${PMS_POOL:-$DIR/dnsmasq.pool} PMS_POOL_SIZE=${PMS_POOL_SIZE:-64M}
export PMEM_IS_PMEM_FORCE=${PMEM_IS_PMEM_FORCE:-1}
DHCP_PORT=${DHCP_PORT:-1067}
# --no-ping: the addresses are local, an ICMP check would find every one in use.
exec "$BIN" --keep-in-foreground --conf-file=/dev/null --no-ping --port="${DNS_PORT:-5399}" \
  --listen-address=127.0.0.1 --bind-interfaces --no-resolv --no-hosts \
  --dhcp-range=127.1.0.10,127.1.255.250,255.255.0.0,12h --dhcp-leasefile="$DIR/leases" \
  --dhcp-alternate-port="$DHCP_PORT,$((DHCP_PORT + 1))" --dhcp-authoritative --pid-file= \
  --log-facility="$DIR/dnsmasq.log" "$@"
