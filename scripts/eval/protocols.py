"""Minimal blocking Redis (RESP) and memcached (ASCII) clients for readiness, fills and checks."""
import socket


def value_of(i, size=100):
    """The value stored under key number I: SIZE bytes that differ for every key."""
    head = b"v%d:" % i
    return (head + b"abcdefghijklmnopqrstuvwxyz" * (size // 26 + 1))[:size]


class Conn:
    def __init__(self, port, timeout=30.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.f = self.sock.makefile("rb")

    def close(self):
        try:
            self.f.close()
            self.sock.close()
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def line(self):
        s = self.f.readline()
        if not s:
            raise ConnectionError("connection closed")
        return s.rstrip(b"\r\n")


class Redis(Conn):
    @staticmethod
    def encode(*args):
        return b"*%d\r\n" % len(args) + b"".join(b"$%d\r\n%s\r\n" % (len(a), a) for a in args)

    def reply(self):
        """One reply: bytes, int, None, a list, or an Exception instance for an error reply."""
        s = self.line()
        kind, rest = s[:1], s[1:]
        if kind == b"+":
            return rest
        if kind == b"-":
            return RuntimeError(rest.decode("utf-8", "replace"))
        if kind == b":":
            return int(rest)
        if kind == b"$":
            n = int(rest)
            if n < 0:
                return None
            data = self.f.read(n + 2)
            if len(data) < n + 2:
                raise ConnectionError("connection closed")
            return data[:n]
        if kind == b"*":
            n = int(rest)
            return None if n < 0 else [self.reply() for _ in range(n)]
        raise ConnectionError("bad reply %r" % s[:50])

    def cmd(self, *args):
        self.sock.sendall(self.encode(*args))
        return self.reply()

    def pipeline(self, cmds):
        self.sock.sendall(b"".join(self.encode(*c) for c in cmds))
        return [self.reply() for _ in cmds]


def redis_ready(port):
    """True once the server answers PING with PONG (not -LOADING)."""
    with Redis(port, timeout=5) as c:
        return c.cmd(b"PING") == b"PONG"


def redis_set_batch(c, lo, hi, size=100):
    """SET key:I for I in [lo, hi) in one pipeline; returns how many were acknowledged OK."""
    return sum(1 for r in c.pipeline([(b"SET", b"key:%d" % i, value_of(i, size))
                                      for i in range(lo, hi)]) if r == b"OK")


def redis_count_present(port, first, end, batch=1000, size=100):
    """How many of key:FIRST..END-1 hold their value, and the DBSIZE."""
    good = 0
    with Redis(port, timeout=120) as c:
        for lo in range(first, end, batch):
            hi = min(end, lo + batch)
            got = c.cmd(b"MGET", *[b"key:%d" % i for i in range(lo, hi)])
            if isinstance(got, Exception):
                raise RuntimeError("MGET: %s" % got)
            good += sum(1 for i, v in zip(range(lo, hi), got) if v == value_of(i, size))
        return good, c.cmd(b"DBSIZE")


class Memcached(Conn):
    def until(self, end):
        buf = b""
        while not buf.endswith(end):
            d = self.sock.recv(1 << 20)
            if not d:
                raise ConnectionError("connection closed")
            buf += d
        return buf

    def stat(self, name):
        self.sock.sendall(b"stats\r\n")
        for line in self.until(b"END\r\n").split(b"\r\n"):
            f = line.split(b" ")
            if len(f) == 3 and f[1] == name.encode():
                return f[2].decode()
        return None


def memcached_ready(port):
    with Memcached(port, timeout=5) as c:
        c.sock.sendall(b"version\r\n")
        return c.line().startswith(b"VERSION")


def memcached_set_batch(c, lo, hi, size=100):
    """set key:I for I in [lo, hi) pipelined; returns how many were STORED."""
    c.sock.sendall(b"".join(b"set key:%d 0 0 %d\r\n%s\r\n" % (i, size, value_of(i, size))
                            for i in range(lo, hi)))
    buf = b""
    while buf.count(b"\r\n") < hi - lo:
        d = c.sock.recv(1 << 20)
        if not d:
            raise ConnectionError("connection closed")
        buf += d
    return buf.count(b"STORED\r\n")


def memcached_count_present(port, first, end, batch=100, size=100):
    """How many of key:FIRST..END-1 hold their value, and curr_items."""
    good = 0
    with Memcached(port, timeout=120) as c:
        for lo in range(first, end, batch):
            hi = min(end, lo + batch)
            c.sock.sendall(b"get " + b" ".join(b"key:%d" % i for i in range(lo, hi)) + b"\r\n")
            lines = c.until(b"END\r\n").split(b"\r\n")
            k = 0
            while k < len(lines) and lines[k] != b"END":
                key = lines[k].split(b" ")[1]
                i = int(key.split(b":")[1])
                good += lines[k + 1] == value_of(i, size)
                k += 2
        items = c.stat("curr_items")
    return good, int(items) if items is not None else None
