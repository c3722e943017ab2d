#!/usr/bin/env python3
"""Scores nvmove results against a verdicts file (type<TAB>verdict; 'true' = persistent).

Prints, per result: types found, true positives, false positives by kind, false negatives,
and types with no verdict yet (which need one before the numbers mean anything).
"""
import collections
import json
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: score-types.py VERDICTS.tsv RESULT.json [RESULT.json ...]")
    verdicts = {}
    for line in open(sys.argv[1]):
        if line.strip() and not line.startswith("#"):
            name, verdict = line.rstrip("\n").split("\t")
            verdicts[name] = verdict
    truth = {n for n, v in verdicts.items() if v == "true"}
    for path in sys.argv[2:]:
        d = json.load(open(path))
        found = {t["name"] for t in d["types"]}
        kinds = collections.Counter(verdicts.get(n, "no-verdict") for n in found - truth)
        print(f"{d['mode']}: {len(found)} types, {len(found & truth)} true, "
              f"{len(found - truth)} false ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), "
              f"false negatives: {sorted(truth - found) or 'none'}")
        unknown = sorted(n for n in found if n not in verdicts)
        if unknown:
            print(f"  no verdict yet: {unknown}")


if __name__ == "__main__":
    main()
