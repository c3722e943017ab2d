# Compares the JSON lines of spindle-bench for none, tinca and spindle.
import json
import sys

none, tinca, spindle = (json.load(open(p)) for p in sys.argv[1:4])
print("none: %d flushes per op, %.1f disk syncs per op"
      % (none["flushes_per_op"], none["disk_syncs"] / none["ops"]))
print("spindle/tinca flushes per op: %.2f" % (spindle["flushes_per_op"] / tinca["flushes_per_op"]))
print("spindle/tinca NVM bytes per op: %.2f"
      % (spindle["nvm_bytes_per_op"] / tinca["nvm_bytes_per_op"]))
