#!/usr/bin/env python3
"""Prints one line of counts and the type names of an nvmove JSON result."""
import json
import sys

for path in sys.argv[1:]:
    d = json.load(open(path))
    names = [t["name"] for t in d["types"]]
    print(f"{d['mode']}: {len(names)} persistent of {d['total_types_defined']} defined, "
          f"{len(d['touched_not_loaded'])} touched-not-loaded, "
          f"{len(d['functions_visited'])} functions visited, {len(d['warnings'])} warnings")
    print("  " + " ".join(names))
