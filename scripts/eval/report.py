#!/usr/bin/env python3
"""Tables and plots of a saved evaluation results directory (what evaluate.sh prints at its end).

    python3 scripts/eval/report.py RESULTS [--out DIR] [--no-plots]

Prints the Markdown tables, writes them to DIR/tables.md and the PNGs to DIR/plots/ (DIR
defaults to RESULTS). Exit codes: 0 success, 1 error (no results there, no matplotlib).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import results  # noqa: E402
import tables  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(prog="report.py", description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("--out", help="where tables.md and plots/ go (default: RESULTS)")
    ap.add_argument("--no-plots", action="store_true")
    a = ap.parse_args(argv)
    try:
        res = results.Results(a.results)
    except (OSError, ValueError, KeyError) as e:
        print("report: error: cannot read results '%s': %s" % (a.results, e), file=sys.stderr)
        return 1
    out = a.out or a.results
    os.makedirs(out, exist_ok=True)
    text = tables.all_tables(res)
    print(text)
    with open(os.path.join(out, "tables.md"), "w") as f:
        f.write(text + "\n")
    if not a.no_plots:
        try:
            import plots
        except ImportError as e:
            print("report: error: no matplotlib (%s): install python3-matplotlib "
                  "(scripts/setup.sh) or pass --no-plots" % e, file=sys.stderr)
            return 1
        for p in plots.all_plots(res, os.path.join(out, "plots")):
            print("report: wrote %s" % p, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
