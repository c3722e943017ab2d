"""Checks an fsbench --json result: the run completed (iterations, no early
stop) and every flowop kind of the personality did work. Prints one line.

usage: check_fsbench_json.py RESULT.json KIND...
"""
import json
import sys


def main():
    if len(sys.argv) < 3:
        print("usage: check_fsbench_json.py RESULT.json KIND...")
        return 2
    d = json.load(open(sys.argv[1]))
    idle = [k for k in sys.argv[2:] if d["kinds"].get(k, {}).get("ops", 0) == 0]
    p = d["parameters"]
    print("%s: %d iterations by %s process(es), stopped early: %s, kinds without work: %s" % (
        p.get("personality", "?"), d["iterations"], p.get("processes", 1),
        d.get("stopped_early") or "no", " ".join(idle) or "none"))
    return 0 if d["iterations"] > 0 and not d.get("stopped_early") and not idle else 1


if __name__ == "__main__":
    sys.exit(main())
