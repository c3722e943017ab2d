# Checks spindle-bench's replay of an fsbench trace against the trace itself.
import json
import sys

flowops = reads = 0
for line in open(sys.argv[1]):
    f = line.split()
    if f[0] in ("-", "p", "w", "r"):
        continue
    flowops += 1
    if f[2] == "readwholefile":
        reads += (int(f[5]) + 4095) // 4096
runs = [json.load(open(p)) for p in sys.argv[2:5]]
for r in runs:
    problems = []
    if r["ops"] != flowops:
        problems.append("%d ops for %d flowops" % (r["ops"], flowops))
    if r["data_reads"] != reads:
        problems.append("%d data blocks read, the trace reads %d" % (r["data_reads"], reads))
    tail = ", 0 flushes" if r["flushes_per_op"] == 0 else ""
    if r["cache"] != "none":
        tail = (", same commits as none" if r["commits"] == runs[0]["commits"]
                else ", %d commits against none's %d" % (r["commits"], runs[0]["commits"]))
    print("%s: %s%s" % (r["cache"], "; ".join(problems) or
                        "every flowop measured, data blocks read as traced", tail))
none, tinca, spindle = runs
print("spindle/tinca flushes per op: %.2f" % (spindle["flushes_per_op"] / tinca["flushes_per_op"]))
print("spindle/tinca NVM bytes per op: %.2f"
      % (spindle["nvm_bytes_per_op"] / tinca["nvm_bytes_per_op"]))
