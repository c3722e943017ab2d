"""Checks that port.h's analysis view covers every function the header declares.

Each function declared outside the PMS_ANALYSIS_VIEW block must be mapped by a '#define NAME'
inside it or named in its "No libc meaning" comment. Prints the uncovered ones, one per line,
and exits 1 when there is any.
"""
import re
import sys

text = open(sys.argv[1]).read()
start = text.index("#ifdef PMS_ANALYSIS_VIEW")
api, view = text[:start], text[start:]
api = re.sub(r"/\*.*?\*/", "", api, flags=re.S)  # comments name calls too
declared = set(re.findall(r"\b(pms_\w+)\s*\(", api)) - set(re.findall(r"#define\s+(\w+)", api))
mapped = set(re.findall(r"#define\s+(pms_\w+)", view))
kept = set(re.findall(r"\bpms_\w+", view.split("No libc meaning", 1)[1].split("*/", 1)[0]))
missing = sorted(declared - mapped - kept)
for name in missing:
    print("not in the analysis view: " + name)
print("%d declared, %d mapped, %d kept as calls" % (len(declared), len(mapped & declared),
                                                    len(kept & declared)))
sys.exit(1 if missing else 0)
