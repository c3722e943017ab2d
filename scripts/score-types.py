#!/usr/bin/env python3
"""Scores nvmove results against a verdicts file ('true' = persistent).

A verdicts line is type<TAB>verdict, optionally followed by <TAB>reason and <TAB>added-after-run
(eval/nvmove's files carry both; examples/*/verdicts.tsv only the first two).
Prints, per result: types found, true positives, false positives by kind, false negatives,
and types with no verdict yet (which need one before the numbers mean anything).
With --row, prints instead one tab-separated line per result for a table:
mode, types, true positives, false positives, false negatives, recall, precision,
false negatives' names, false positives' kinds.
"""
import collections
import json
import sys


def read_verdicts(path):
    """type -> verdict, from the first two tab-separated columns of each line."""
    verdicts = {}
    for number, line in enumerate(open(path), 1):
        if not line.strip() or line.startswith("#"):
            continue
        columns = line.rstrip("\n").split("\t")
        if len(columns) < 2 or not columns[0] or not columns[1]:
            sys.exit(f"{path}:{number}: expected type<TAB>verdict[<TAB>reason...], got {line.strip()!r}")
        verdicts[columns[0]] = columns[1]
    return verdicts


def score(verdicts, path):
    d = json.load(open(path))
    truth = {n for n, v in verdicts.items() if v == "true"}
    found = {t["name"] for t in d["types"]}
    kinds = collections.Counter(verdicts.get(n, "no-verdict") for n in found - truth)
    return d, truth, found, kinds


def main():
    args = sys.argv[1:]
    row = args[:1] == ["--row"]
    if row:
        args = args[1:]
    if len(args) < 2:
        sys.exit("usage: score-types.py [--row] VERDICTS.tsv RESULT.json [RESULT.json ...]")
    verdicts = read_verdicts(args[0])
    for path in args[1:]:
        d, truth, found, kinds = score(verdicts, path)
        tp, fp, fn = found & truth, found - truth, truth - found
        kinds_text = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        if row:
            recall = f"{len(tp) / len(truth):.2f}" if truth else "-"
            precision = f"{len(tp) / len(found):.2f}" if found else "-"
            print("\t".join([d["mode"], str(len(found)), str(len(tp)), str(len(fp)), str(len(fn)),
                             recall, precision, " ".join(sorted(fn)) or "-", kinds_text or "-"]))
            continue
        print(f"{d['mode']}: {len(found)} types, {len(tp)} true, "
              f"{len(fp)} false ({kinds_text}), "
              f"false negatives: {sorted(fn) or 'none'}")
        unknown = sorted(n for n in found if n not in verdicts)
        if unknown:
            print(f"  no verdict yet: {unknown}")


if __name__ == "__main__":
    main()
