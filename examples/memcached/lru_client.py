"""The client of lru-moves.sh and lru-moves-instructions.sh: stores N keys (100-byte values),
fetches them in 50-key gets, and reads the LRU moves memcached counted (`stats items`)."""
import socket
import sys
import time

MOVE_STATS = (b"moves_to_cold", b"moves_to_warm", b"moves_within_lru")


class Client:
    def __init__(self, port, name, wait_s=0.0):
        """Connects to 127.0.0.1:port, retrying for wait_s seconds (a server starting slowly);
        errors stop the program with one line prefixed by name."""
        self.name = name
        deadline = time.monotonic() + wait_s
        while True:
            try:
                sock = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                if time.monotonic() >= deadline:
                    sys.exit("%s: the server never accepted connections" % name)
                time.sleep(0.1)
        self.f = sock.makefile("rwb")

    def ask(self, line, end=b"END\r\n"):
        self.f.write(line)
        self.f.flush()
        out = b""
        while not out.endswith(end):
            got = self.f.readline()
            if not got:
                sys.exit("%s: the server closed the connection" % self.name)
            out += got
        return out

    def store(self, n):
        """keys key0 .. key(n-1), without replies, then one round trip"""
        val = b"x" * 100
        for i in range(n):
            self.f.write(b"set key%d 0 0 %d noreply\r\n%s\r\n" % (i, len(val), val))
        self.ask(b"version\r\n", b"\r\n")

    def fetch(self, n, times):
        """every key, times times, in gets of 50 keys (n a multiple of 50)"""
        for _ in range(times):
            for b in range(0, n, 50):
                self.ask(b"get " + b" ".join(b"key%d" % i for i in range(b, b + 50)) + b"\r\n")

    def moves(self):
        total = 0
        for line in self.ask(b"stats items\r\n").split(b"\r\n"):
            p = line.split()
            if len(p) == 3 and p[1].split(b":")[-1] in MOVE_STATS:
                total += int(p[2])
        return total
