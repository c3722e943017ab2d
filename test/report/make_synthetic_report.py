"""Writes a synthetic nvmove JSON of a large program (default: 600 persistent types, 2,000
functions visited) so the report's size and render time can be checked and measured."""
import argparse
import json

HINTS = ["likely-persistent", "layout-variant", "volatile-fields", "temporaries-only",
         "likely-iterator"]


def make(types, functions, files):
    visited, skipped, indirect = [], [], []
    for i in range(functions):
        caller = None if i == 0 else "fn_%d" % ((i - 1) // 3)
        visited.append({"name": "fn_%d" % i, "defined_at": "src/file_%d.c:%d" % (i % files, 10 + i),
                        "caller": caller, "call_loc": "src/file_%d.c:%d:3" % (i % files, 11 + i)})
    for i in range(functions // 4):
        skipped.append({"callee": "lib_%d" % i, "reason": "no pointer arguments (optimization a)",
                        "caller": "fn_%d" % (i * 3), "call_loc": "src/file_0.c:%d:5" % i})
    for i in range(functions // 40):
        indirect.append({"caller": "fn_%d" % (i * 7), "expression": "ops->load_%d" % i,
                         "location": "src/file_1.c:%d:9" % (100 + i), "targets": []})
    out_types, sources = [], {}
    for t in range(types):
        f = "include/types_%d.h" % (t % files)
        line = 1 + (t // files) * 12
        fields = [{"name": "field_%d" % k, "type": "int" if k % 2 else "struct node_%d *" % t}
                  for k in range(8)]
        prov = []
        for p in range(3):
            chain = ["fn_0", "fn_%d" % (1 + t % 3), "fn_%d" % (4 + t % 9), "fn_%d" % (13 + t % 27)]
            prov.append({"call_chain": chain, "function": chain[-1],
                         "statement": "src/file_%d.c:%d:7" % (t % files, 200 + t + p),
                         "evidence": "loaded data is stored into node_%d.field_%d: <data read "
                                     "from storage> -> *read: parameter 1 -> node_%d.field_%d"
                                     % (t, p, t, p)})
        out_types.append({"name": "node_%d" % t, "tag": "node_%d" % t,
                          "typedef_names": [], "kind": "struct", "defined_at": "%s:%d" % (f, line),
                          "defined_until": line + 9, "fields": fields,
                          "fields_written": ["field_0", "field_1", "field_2"],
                          "reason": "loaded-data", "verdict_hint": HINTS[t % 5],
                          "verdict_rank": t % 5, "verdict_reason": "synthetic hint %d" % t,
                          "provenance": prov})
        rng = sources.setdefault(f, [])
        rng.append({"first_line": line, "lines": ["struct node_%d {" % t] +
                    ["  int field_%d;" % k for k in range(8)] + ["};"]})
    for i in range(files):
        sources["src/file_%d.c" % i] = [{"first_line": 1, "lines": [
            "/* synthetic */ int x%d = %d; // line %d" % (n, n, n + 1) for n in range(1000)]}]
    return {"schema": 1, "tool": "nvmove 0.1.0", "mode": "precise", "load_functions": ["fn_0"],
            "functions_visited": visited, "functions_skipped": {"no pointer arguments (optimization a)": len(skipped)},
            "skipped_calls": skipped, "indirect_calls": indirect, "total_types_defined": types * 2,
            "types": out_types, "touched_not_loaded": [], "roots": [],
            "warnings": [{"location": c["location"], "message": "call through function pointer "
                          "'%s' cannot be followed statically" % c["expression"], "flag": "nvmove-fnptr"}
                         for c in indirect],
            "incomplete": [], "translation_units": {"in_database": files, "parsed": files,
                                                    "from_cache": 0, "failed": 0},
            "timing": {"analysis_seconds": 12.5, "parse_seconds": 0}, "sources": sources}


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("output")
    ap.add_argument("--types", type=int, default=600)
    ap.add_argument("--functions", type=int, default=2000)
    ap.add_argument("--files", type=int, default=40)
    a = ap.parse_args()
    with open(a.output, "w") as out:
        json.dump(make(a.types, a.functions, a.files), out, indent=1)
