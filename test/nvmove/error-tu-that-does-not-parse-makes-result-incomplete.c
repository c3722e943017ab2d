// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: not %nvmove -p %t --load-function=load_state --mode=paper --format=json \
// RUN:   -o %t/report.json 2> %t/stderr.txt
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/stderr.txt
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/report.json
// RUN: not %nvmove -p %t --load-function=load_state --mode=paper 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=TEXT

// A TU that does not parse does not stop the run: what could be analysed is
// reported, the TU is named in a warning and under "incomplete", and the exit
// code is 2 (results may be incomplete), not 0.
// WARN: nvmove: warning: translation unit did not parse: broken.c: {{.*}}undeclared_name

// JSON-LABEL: "incomplete": [
// JSON-NEXT:    "broken.c: broken.c:2:37: use of undeclared identifier 'undeclared_name'"
// JSON-NEXT:  ],
// JSON-LABEL: "types": [
// JSON:         "name": "state",

// TEXT: results may be incomplete: 1 translation unit(s) did not parse

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"},
 {"directory": "@DIR@", "command": "cc -c broken.c", "file": "broken.c"}]
//--- load.c
struct state { int n; };
void fill(struct state *s);
void load_state(struct state *s) { s->n = 1; fill(s); }
//--- broken.c
struct state { int n; };
void fill(struct state *s) { s->n = undeclared_name; }
