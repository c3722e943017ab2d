"""Runs a command and succeeds only if it exits with the expected code (lit's 'not' takes any).
The command's stdout and stderr pass through, so a test can check them too."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.exit("exit code %d, expected %d" % (got, want))
