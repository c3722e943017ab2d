#!/usr/bin/env bash
# Runs a mosquitto broker as its users do: `mosquitto -c mosquitto.conf`, with a configuration
# written into DIR: one listener on 127.0.0.1:$MQTT_PORT (default 1884), anonymous clients,
# persistence on (mosquitto.db in DIR, saved at every clean stop and every 300 s), running as the
# user who starts it (as root, mosquitto would switch to 'mosquitto' or 'nobody', who cannot
# write DIR).
# Usage: run-server.sh BROKER DIR   (the broker stays in the foreground; exec'd)
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: run-server.sh BROKER DIR" >&2; exit 2; }
BROKER=$1 DIR=$2
[ -x "$BROKER" ] || { echo "run-server.sh: no broker at '$BROKER'" >&2; exit 2; }
mkdir -p "$DIR" && DIR=$(cd "$DIR" && pwd)
cat >"$DIR/mosquitto.conf" <<CONF
user $(id -un)
listener ${MQTT_PORT:-1884} 127.0.0.1
allow_anonymous true
persistence true
persistence_location $DIR/
autosave_interval 300
log_dest stdout
CONF
exec "$BROKER" -c "$DIR/mosquitto.conf"
