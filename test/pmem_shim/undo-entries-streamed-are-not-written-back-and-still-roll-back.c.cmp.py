"""Compares the PMS_STATS of the streamed run (argv[1]) with the unstreamed one (argv[2])."""
import json
import sys

on, off = (json.load(open(p)) for p in sys.argv[1:3])
print("entries %d and %d" % (on["log_entries"], off["log_entries"]))
print("streaming saved at least a write-back an entry: %d"
      % (off["writebacks"] - on["writebacks"] >= on["log_entries"] > 0))
