#!/usr/bin/env python3
"""Steps shared by examples/*/instrument-port.sh (the delay-injected ports).

  move-db BASE TREE INC [PREFIX]  writes TREE/compile_commands.json: BASE's commands (recorded
                                  under bear) moved onto TREE, a copy of the port, with -IINC for
                                  <pmem_shim/port.h>; prints the source files under TREE/PREFIX
  exclude-types PORT_CONF         prints the port's exclude-type names, comma-separated
  summary SUMMARY_JSON            prints one line on the delay-injector's summary
"""
import json
import os
import shlex
import sys


def move_db(base, tree, inc, prefix=""):
    base, tree = os.path.realpath(base), os.path.normpath(tree)  # bear recorded real paths

    def move(s):
        return tree + s[len(base):] if s == base or s.startswith(base + "/") else s

    db = json.load(open(os.path.join(base, "compile_commands.json")))
    for e in db:
        args = e.pop("arguments", None) or shlex.split(e.pop("command"))
        args = [a[:2] + move(a[2:]) if a[:2] in ("-I", "-o") else move(a) for a in args]
        if "-I" + inc not in args and inc not in args:
            args.insert(1, "-I" + inc)
        e["arguments"] = args
        for k in ("directory", "file", "output"):
            if k in e:
                e[k] = move(e[k])
    json.dump(db, open(os.path.join(tree, "compile_commands.json"), "w"), indent=1)
    under = os.path.join(tree, prefix).rstrip("/") + "/"
    for e in db:
        f = os.path.normpath(os.path.join(e["directory"], e["file"]))
        if f.startswith(under):
            print(f)


def exclude_types(conf):
    names = []
    for line in open(conf):
        key, eq, value = line.split("#")[0].strip().partition("=")
        if eq and key.strip() == "exclude-type":
            names += [n.strip() for n in value.split(",") if n.strip()]
    print(",".join(names))


def summary(path):
    s = json.load(open(path))
    f = s["files"]
    print(f"instrument-port: sites {s['sites']} in {sum(1 for v in f.values() if v['sites'])} "
          f"files (reads {sum(v['reads'] for v in f.values())}, writes "
          f"{sum(v['writes'] for v in f.values())}); skipped {s['skipped_total']}; excluded "
          f"types {len(s.get('excluded_types') or {})}"
          + (f"; incomplete TUs: {' '.join(s['incomplete'])}" if s.get("incomplete") else ""))


if __name__ == "__main__":
    commands = {"move-db": move_db, "exclude-types": exclude_types, "summary": summary}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__.strip())
    commands[sys.argv[1]](*sys.argv[2:])
