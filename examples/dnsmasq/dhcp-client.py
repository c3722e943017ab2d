#!/usr/bin/env python3
"""A DHCP client for dnsmasq tests, speaking through a relay address on loopback.

dnsmasq serves relayed requests (giaddr set) over loopback, so no network namespace or real
interface is needed: this client sends BOOTP requests with giaddr = --relay to the server's port
and listens on --relay:<server port> for the replies, as a relay agent would.

  dhcp-client.py put KEY VALUE   DISCOVER/OFFER/REQUEST/ACK for the client KEY (its MAC is a
                                 hash of KEY) with host name VALUE ('.' sent as '-'); exits 0 on
                                 DHCPACK, 1 otherwise
  dhcp-client.py get KEY         prints the host name the server's DNS gives for KEY's leased
                                 address (PTR query), '-' back to '.'; nothing when it has none
  dhcp-client.py release KEY     DHCPRELEASE of KEY's address
Options: --server (127.0.0.1), --port (1067: dnsmasq --dhcp-alternate-port), --relay
(127.1.0.1), --dns-port (5399), --timeout (seconds, 3).
"""
import argparse
import hashlib
import random
import socket
import struct
import sys

MAGIC = b"\x63\x82\x53\x63"
DISCOVER, OFFER, REQUEST, ACK, NAK, RELEASE = 1, 2, 3, 5, 6, 7


def mac_of(key):
    return b"\x02" + hashlib.sha256(key.encode()).digest()[:5]


def packet(kind, mac, xid, relay, hostname=None, requested=None, server_id=None, ciaddr=None):
    head = struct.pack("!BBBBIHH4s4s4s4s16s64s128s", 1, 1, 6, 1, xid, 0, 0,
                       socket.inet_aton(ciaddr or "0.0.0.0"), bytes(4), bytes(4),
                       socket.inet_aton(relay), mac.ljust(16, b"\0"), bytes(64), bytes(128))
    opts = bytes([53, 1, kind]) + bytes([61, 7, 1]) + mac
    if requested:
        opts += bytes([50, 4]) + socket.inet_aton(requested)
    if server_id:
        opts += bytes([54, 4]) + socket.inet_aton(server_id)
    if hostname:
        name = hostname.encode()
        opts += bytes([12, len(name)]) + name
    return head + MAGIC + opts + b"\xff"


def parse(data):
    if len(data) < 240 or data[236:240] != MAGIC:
        return None
    xid, = struct.unpack("!I", data[4:8])
    yiaddr = socket.inet_ntoa(data[16:20])
    opts, i = {}, 240
    while i < len(data) and data[i] != 255:
        if data[i] == 0:
            i += 1
            continue
        opts[data[i]] = data[i + 2:i + 2 + data[i + 1]]
        i += 2 + data[i + 1]
    return xid, yiaddr, opts


class Client:
    def __init__(self, a):
        self.a = a
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((a.relay, a.port))
        self.sock.settimeout(a.timeout)

    def exchange(self, pkt, xid, want):
        self.sock.sendto(pkt, (self.a.server, self.a.port))
        while True:
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                return None
            r = parse(data)
            if r and r[0] == xid and r[2].get(53, b"\0")[0] in want:
                return r

    def lease(self, key, hostname):
        mac, xid = mac_of(key), random.getrandbits(32)
        offer = self.exchange(packet(DISCOVER, mac, xid, self.a.relay, hostname), xid, (OFFER,))
        if not offer:
            return None
        server = socket.inet_ntoa(offer[2].get(54, socket.inet_aton(self.a.server)))
        ack = self.exchange(packet(REQUEST, mac, xid, self.a.relay, hostname, offer[1], server),
                            xid, (ACK, NAK))
        return ack

    def offered(self, key):
        """(address, server identifier) the server offers KEY, or (None, None)"""
        mac, xid = mac_of(key), random.getrandbits(32)
        offer = self.exchange(packet(DISCOVER, mac, xid, self.a.relay), xid, (OFFER,))
        if not offer:
            return None, None
        return offer[1], socket.inet_ntoa(offer[2].get(54, socket.inet_aton(self.a.server)))


def ptr_name(addr, server, port, timeout):
    qname = ".".join(reversed(addr.split("."))) + ".in-addr.arpa"
    qid = random.getrandbits(16)
    q = struct.pack("!HHHHHH", qid, 0x0100, 1, 0, 0, 0)
    q += b"".join(bytes([len(p)]) + p.encode() for p in qname.split(".")) + b"\0"
    q += struct.pack("!HH", 12, 1)
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(timeout)
    s.sendto(q, (server, port))
    data = s.recv(4096)
    rid, flags, qd, an = struct.unpack("!HHHH", data[:8])
    if rid != qid or an == 0:
        return None
    i = 12
    for _ in range(qd):  # skip the question
        while data[i]:
            i += 1 + data[i]
        i += 5
    for _ in range(an):
        while data[i] and data[i] < 0xC0:
            i += 1 + data[i]
        i += 2 if data[i] >= 0xC0 else 1
        rtype, _, _, rdlen = struct.unpack("!HHIH", data[i:i + 10])
        i += 10
        if rtype == 12:
            labels, j = [], i
            while data[j] and data[j] < 0xC0:
                labels.append(data[j + 1:j + 1 + data[j]].decode())
                j += 1 + data[j]
            return labels[0] if labels else None
        i += rdlen
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=("put", "get", "release"))
    ap.add_argument("key")
    ap.add_argument("value", nargs="?")
    ap.add_argument("--server", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=1067)
    ap.add_argument("--relay", default="127.1.0.1")
    ap.add_argument("--dns-port", type=int, default=5399)
    ap.add_argument("--timeout", type=float, default=3.0)
    a = ap.parse_args()
    if a.action == "put" and not a.value:
        ap.error("put needs a value")
    c = Client(a)
    if a.action == "put":
        r = c.lease(a.key, a.value.replace(".", "-"))
        if not r or r[2][53][0] != ACK:
            print("dhcp-client: no DHCPACK for %s" % a.key, file=sys.stderr)
            return 1
        return 0
    addr, server = c.offered(a.key)
    if not addr:
        print("dhcp-client: no DHCPOFFER for %s" % a.key, file=sys.stderr)
        return 1
    if a.action == "release":  # the server answers nothing: it is done once sent
        mac, xid = mac_of(a.key), random.getrandbits(32)
        c.sock.sendto(packet(RELEASE, mac, xid, a.relay, server_id=server, ciaddr=addr),
                      (a.server, a.port))
        return 0
    name = ptr_name(addr, a.server, a.dns_port, a.timeout)
    if name:
        print(name.replace("-", "."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
