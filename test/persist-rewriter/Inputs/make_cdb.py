#!/usr/bin/env python3
"""Writes DIR/compile_commands.json with one `cc -std=gnu11 -c FILE` entry per file given."""
import json
import os
import sys

out, files = os.path.abspath(sys.argv[1]), sys.argv[2:]
db = [{"directory": out, "arguments": ["cc", "-std=gnu11", "-c", f], "file": f} for f in files]
with open(os.path.join(out, "compile_commands.json"), "w") as fh:
    json.dump(db, fh, indent=1)
