"""Runs a command, passing its output through, and succeeds only if it exits with the expected code."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.exit("expect_exit: exit code %d, expected %d" % (got, want))
