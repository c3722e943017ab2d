"""Runs a command and succeeds only if it exits with the expected code (lit's 'not' takes any)."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if got != want:
    sys.exit("exit code %d, expected %d" % (got, want))
