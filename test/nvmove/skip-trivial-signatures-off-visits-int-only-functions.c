// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_stats --mode=paper --format=json -o %t/default.json
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t/default.json
// RUN: %nvmove -p %t --load-function=load_stats --mode=paper --format=json \
// RUN:   --skip-trivial-signatures=false -o %t/off.json
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/off.json

// Optimization (a): a function whose parameters are all non-pointer builtins
// (here set_total(int) and tick(void)) is not entered, so the global it
// writes is never seen. Switching the optimization off visits both and
// makes 'struct totals' persistent.
// DEFAULT-LABEL: "functions_skipped": {
// DEFAULT-NEXT:    "no pointer arguments (optimization a)": 2
// DEFAULT-NEXT:  },
// DEFAULT-LABEL: "functions_visited": [
// DEFAULT-NOT:     "name": "set_total"
// DEFAULT-NOT:     "name": "tick"
// DEFAULT-LABEL: "types": [
// DEFAULT-NOT:     "name": "totals"
// DEFAULT-LABEL: "warnings": []

// OFF-LABEL: "functions_skipped": {},
// OFF-LABEL: "functions_visited": [
// OFF:         "caller": "load_stats",
// OFF-NEXT:    "defined_at": "stats.c:4",
// OFF-NEXT:    "name": "set_total"
// OFF:         "caller": "load_stats",
// OFF-NEXT:    "defined_at": "stats.c:5",
// OFF-NEXT:    "name": "tick"
// OFF-LABEL: "types": [
// OFF:         "name": "totals",
// OFF:         "call_chain": [
// OFF-NEXT:      "load_stats",
// OFF-NEXT:      "set_total"
// OFF-NEXT:    ],
// OFF:         "evidence": "= totals.sum (data)",
// OFF:         "call_chain": [
// OFF-NEXT:      "load_stats",
// OFF-NEXT:      "tick"
// OFF-NEXT:    ],
// OFF:         "evidence": "++ totals.ticks (counter)",
// OFF-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c stats.c", "file": "stats.c"}]
//--- stats.c
struct totals { long sum; int ticks; };
struct totals totals;
struct header { int total; };
void set_total(int n) { totals.sum = n; }
void tick(void) { totals.ticks++; }
void load_stats(const struct header *h) {
  set_total(h->total);
  tick();
}
