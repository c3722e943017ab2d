"""Runs one Aerie test program on all four combinations of allocator and
directory policy, single-process and as a client of aerie-tfs, checking its
output against the CHECK lines of its source with FileCheck and the pool with
fsck.aerie after each run.

usage: policy_matrix.py --mkfs MKFS --fsck FSCK --tfs AERIE_TFS --dir DIR
                        --check-file SRC -- PROG ARGS...
'@SPEC@' in ARGS becomes local:POOL or tfs:SOCKET; '@KDIR@' a new empty
directory (for the program that compares PXFS with the kernel's file system).
Prints one line per run ("fbst/gather-free tfs: ok"); exits 1 after the
first run that fails, with FileCheck's or fsck's complaint.
"""
import argparse
import os
import shutil
import subprocess
import sys

COMBOS = [("first-fit", "linear"), ("fbst", "linear"),
          ("first-fit", "gather-free"), ("fbst", "gather-free")]
HERE = os.path.dirname(os.path.abspath(__file__))


def filecheck():
    return shutil.which("FileCheck") or "/usr/lib/llvm-16/bin/FileCheck"


def run_one(a, alloc, dirs, mode, n):
    pool = os.path.join(a.dir, "%s-%s-%s.pool" % (alloc, dirs, mode))
    kdir = os.path.join(a.dir, "kernel-%d" % n)
    for p in (pool, kdir):
        shutil.rmtree(p, True) if os.path.isdir(p) else (os.path.exists(p) and os.unlink(p))
    os.makedirs(kdir)
    subprocess.run([a.mkfs, "--alloc", alloc, "--dirs", dirs, pool], check=True,
                   capture_output=True)
    spec = "local:" + pool if mode == "local" else "tfs:@SOCK@"
    cmd = [c.replace("@SPEC@", spec).replace("@KDIR@", kdir) for c in a.cmd]
    if mode == "tfs":
        cmd = [sys.executable, os.path.join(HERE, "with_tfs.py"), a.tfs, pool, "--"] + cmd
    out = subprocess.run(cmd, capture_output=True, text=True)
    fc = subprocess.run([filecheck(), a.check_file], input=out.stdout, capture_output=True,
                        text=True)
    if fc.returncode:
        return "FileCheck: " + (fc.stderr.strip().splitlines() or ["?"])[0]
    fs = subprocess.run([a.fsck, pool], capture_output=True, text=True)
    if fs.returncode or "clean" not in fs.stdout:
        return "fsck: " + (fs.stdout + fs.stderr).strip().replace("\n", " | ")
    return None


def main():
    ap = argparse.ArgumentParser()
    for opt in ("--mkfs", "--fsck", "--tfs", "--dir", "--check-file"):
        ap.add_argument(opt, required=True)
    sep = sys.argv.index("--")
    a = ap.parse_args(sys.argv[1:sep])
    a.cmd = sys.argv[sep + 1:]
    os.makedirs(a.dir, exist_ok=True)
    n = 0
    for alloc, dirs in COMBOS:
        for mode in ("local", "tfs"):
            n += 1
            err = run_one(a, alloc, dirs, mode, n)
            print("%s/%s %s: %s" % (alloc, dirs, mode, err or "ok"), flush=True)
            if err:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
