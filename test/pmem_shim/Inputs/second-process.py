"""Holds a pool open in one process and tries to open it from a second one."""
import subprocess, sys
tool, pool = sys.argv[1], sys.argv[2]
holder = subprocess.Popen([tool, "hold", pool], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)
print("holder:", holder.stdout.readline().strip())
before = open(pool, "rb").read()
second = subprocess.run([tool, "open", pool], capture_output=True, text=True)
print("second:", second.stdout.strip())
print("unchanged:", open(pool, "rb").read() == before)
holder.stdin.close()
holder.wait()
after = subprocess.run([tool, "open", pool], capture_output=True, text=True)
print("after:", after.stdout.strip())
