"""Running servers and clients for the evaluation: pinned processes, readiness, memory, results files.

Glossary: a *variant* is one server configuration (binary, arguments, environment) of one
program; a *run* is one pass over every variant (runs are interleaved so that machine noise
hits all variants alike); the *results directory* holds only raw outputs and JSON, from which
report.py makes every table and plot.
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

SERVER_CPU = "0"
CLIENT_CPU = "1"


LOAD_SAMPLES = []


def progress(msg):
    """One progress line on stderr (the runs are long; stdout is for the tables); samples the
    load average, since other work on the shared cores changes every figure."""
    LOAD_SAMPLES.append(os.getloadavg()[0])
    print("[eval %s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr, flush=True)


def pinned(cpu, argv):
    """ARGV run on CPU with taskset when the machine has two CPUs and taskset exists."""
    if (os.cpu_count() or 1) >= 2 and shutil.which("taskset"):
        return ["taskset", "-c", cpu] + list(argv)
    return list(argv)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def write_json(path, data):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=2, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def read_json(path, default=None):
    if not os.path.exists(path):
        return default
    with open(path) as f:
        return json.load(f)


def append_json_list(path, item):
    """Adds ITEM to the JSON list in PATH (written again whole, so a crash keeps what was there)."""
    data = read_json(path, [])
    data.append(item)
    write_json(path, data)


class Server:
    """One server process, pinned to SERVER_CPU, its output in LOG.

    ARGV is the server command line, ENV extra environment. start() returns the seconds from
    just before exec to the first answer of PROBE(port) (a function that raises OSError or
    returns False while the server is not ready).
    """

    def __init__(self, argv, env, log, port, probe):
        self.argv, self.env, self.log, self.port, self.probe = argv, env, log, port, probe
        self.proc = None

    def start(self, timeout=900.0):
        env = dict(os.environ)
        env.update(self.env)
        os.makedirs(os.path.dirname(self.log), exist_ok=True)
        out = open(self.log, "ab")
        t0 = time.monotonic()
        self.proc = subprocess.Popen(pinned(SERVER_CPU, self.argv), env=env, stdout=out,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        out.close()
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("%s exited with %d at start-up (log %s): %s" % (
                    os.path.basename(self.argv[0]), self.proc.returncode, self.log, tail(self.log)))
            if time.monotonic() - t0 > timeout:
                raise RuntimeError("%s not ready after %.0f s (log %s)" % (self.argv[0], timeout, self.log))
            try:
                if self.probe(self.port):
                    return time.monotonic() - t0
            except OSError:
                pass
            time.sleep(0.001)

    @property
    def pid(self):
        return self.proc.pid

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def memory(self):
        """RSS of the server in KiB: total, anonymous, and file or shared-memory pages (a
        pool mapped from /dev/shm counts as shared memory: the pool pages touched so far)."""
        fields = {}
        try:
            with open("/proc/%d/status" % self.pid) as f:
                for line in f:
                    k, _, v = line.partition(":")
                    if k in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
                        fields[k] = int(v.split()[0])
        except OSError:
            return {}
        return {"rss_kb": fields.get("VmRSS", 0), "rss_anon_kb": fields.get("RssAnon", 0),
                "rss_file_kb": fields.get("RssFile", 0) + fields.get("RssShmem", 0)}

    def cpu_seconds(self):
        """User plus system CPU seconds the server used so far."""
        with open("/proc/%d/stat" % self.pid) as f:
            rest = f.read().rsplit(")", 1)[1].split()
        return (int(rest[11]) + int(rest[12])) / os.sysconf("SC_CLK_TCK")

    def kill(self, sig=signal.SIGKILL, timeout=600.0):
        """Sends SIG and waits for the exit; returns the exit status (None if still running)."""
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        try:
            self.proc.send_signal(sig)
        except ProcessLookupError:
            pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


def tail(path, n=400):
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            f.seek(max(0, f.tell() - n))
            return f.read().decode("utf-8", "replace").strip()
    except OSError:
        return ""


def run_client(argv, out_path, timeout=3600, env=None, cpu=CLIENT_CPU):
    """Runs a client pinned to CPU, its stdout into OUT_PATH and stderr into OUT_PATH.err;
    returns the exit status."""
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    full_env = dict(os.environ)
    full_env.update(env or {})
    with open(out_path, "wb") as out, open(out_path + ".err", "wb") as err:
        p = subprocess.Popen(pinned(cpu, argv), stdout=out, stderr=err, env=full_env)
        try:
            return p.wait(timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            return -9


def git(repo, *args):
    try:
        return subprocess.run(["git", "-C", repo] + list(args), capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def provenance(repo):
    """Which commit of the repository and of the runtime the measured ports come from."""
    runtime = git(repo, "log", "-1", "--format=%h", "--", "runtime", "persist-rewriter")
    dirty = git(repo, "status", "--porcelain", "--", "runtime", "persist-rewriter", "lib",
                "examples/redis/port.conf", "examples/memcached/port.conf")
    return {"repo_commit": git(repo, "log", "-1", "--format=%h"),
            "runtime_commit": runtime + (" + uncommitted changes" if dirty else "")}


def machine():
    info = {"cpus": os.cpu_count()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            info["mem_gib"] = round(int(f.readline().split()[1]) / 1048576, 1)
    except OSError:
        pass
    info["kernel"] = os.uname().release
    return info


def snapshot_binary(src, dst_dir, name=None):
    """Copies SRC into DST_DIR (the port is rebuilt while a long run goes on: every run
    must measure the same binary); returns the copy's path."""
    os.makedirs(dst_dir, exist_ok=True)
    dst = os.path.join(dst_dir, name or os.path.basename(src))
    shutil.copy2(src, dst)
    return dst


def fingerprints(directory):
    """{file: first 12 hex digits of its SHA-256, modification time} of the measured binaries:
    which build the numbers come from, when the runtime had uncommitted changes."""
    import hashlib
    out = {}
    for name in sorted(os.listdir(directory)) if os.path.isdir(directory) else []:
        path = os.path.join(directory, name)
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:12]
        out[name] = {"sha256": digest, "mtime": time.strftime(
            "%Y-%m-%d %H:%M", time.gmtime(os.path.getmtime(path)))}
    return out


def clean_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path
