"""Applies a clang-apply-replacements YAML file (--export-fixes) to the files it names, in place:
a stand-in for clang-apply-replacements, which Debian's LLVM 16 packages do not ship."""
import collections
import sys

import yaml

doc = yaml.safe_load(open(sys.argv[1]))
edits = collections.defaultdict(list)
for r in doc["Replacements"]:
    edits[r["FilePath"]].append((r["Offset"], r["Length"], r["ReplacementText"]))
for path, reps in edits.items():
    data = open(path, "rb").read()
    # From the end, so earlier offsets stay valid; insertions at one offset keep their order.
    for off, length, text in sorted(reps, key=lambda r: r[0], reverse=True):
        data = data[:off] + text.encode() + data[off + length:]
    open(path, "wb").write(data)
