// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: not %persist-rewriter -p %t --types=%t/missing.json --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFILE --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/other-schema.json --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCHEMA --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/no-schema.json --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOSCHEMA --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/no-types.json --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTYPES --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/nameless.json --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NAMELESS --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/not-json.json --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTJSON --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/bad-line.conf --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADLINE --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/bad-key.conf --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADKEY --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/bad-kind.conf --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADKIND --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/bad-flag.conf --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADFLAG --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/bad-runs.conf --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADRUNS --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/bad-reset.conf --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADRESET --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/nope.conf --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOCONF --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --alloc=zmalloc --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADALLOC --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOMODE --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t --types=%t/types.json --out=%t/o --check 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOMODE --implicit-check-not={{.}}
// RUN: not %persist-rewriter -p %t/nowhere --types=%t/types.json --out=%t/o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOCDB --implicit-check-not={{.}}
// None of those wrote anything.
// RUN: not ls %t/o
// An existing output directory is refused and nothing in it is overwritten.
// RUN: mkdir %t/exists && cp %t/input.c %t/exists/input.c && echo keep > %t/exists/input.c
// RUN: not %persist-rewriter -p %t --types=%t/types.json --out=%t/exists 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXISTS --implicit-check-not={{.}}
// RUN: FileCheck %s --check-prefix=KEPT --input-file=%t/exists/input.c
// The exit code of every one of these is 1.
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/missing.json --out=%t/o
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/other-schema.json --out=%t/o
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/types.json --config=%t/bad-line.conf --out=%t/o
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/types.json --out=%t/exists
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/types.json
// And the sources are as they were.
// RUN: split-file %s %t/again && diff %t/again/input.c %t/input.c

// NOFILE: persist-rewriter: error: cannot read persistent-type list '{{.*}}missing.json': No such file or directory
// SCHEMA: persist-rewriter: error: cannot read persistent-type list '{{.*}}other-schema.json': schema 99 is not supported (expected 1)
// NOSCHEMA: persist-rewriter: error: cannot read persistent-type list '{{.*}}no-schema.json': no 'schema' number{{.*}}
// NOTYPES: persist-rewriter: error: cannot read persistent-type list '{{.*}}no-types.json': no 'types' array
// NAMELESS: persist-rewriter: error: cannot read persistent-type list '{{.*}}nameless.json': a type without a 'name'
// NOTJSON: persist-rewriter: error: cannot read persistent-type list '{{.*}}not-json.json': not valid JSON{{.*}}
// BADLINE: persist-rewriter: error: {{.*}}bad-line.conf:3: expected 'key = value', got 'operation bump'
// BADKEY: persist-rewriter: error: {{.*}}bad-key.conf:1: unknown setting 'colour' (known: {{.*}}operation{{.*}})
// BADKIND: persist-rewriter: error: {{.*}}bad-kind.conf:1: 'zmalloc:zap' is not name:kind (kinds: {{.*}}malloc{{.*}})
// BADFLAG: persist-rewriter: error: {{.*}}bad-flag.conf:1: allow-empty-warm-start must be 'yes' or 'no', not 'maybe'
// BADRUNS: persist-rewriter: error: {{.*}}bad-runs.conf:1: log-runs must be 'yes' or 'no', not 'sometimes'
// BADRESET: persist-rewriter: error: {{.*}}bad-reset.conf:1: 'job_release' is not type: function
// NOCONF: persist-rewriter: error: cannot read config file '{{.*}}nope.conf': No such file or directory
// BADALLOC: persist-rewriter: error: --alloc: 'zmalloc' is not name:kind (kinds: {{.*}})
// NOMODE: persist-rewriter: error: choose exactly one of --out, --in-place, --export-fixes and --check
// NOCDB: persist-rewriter: error: no compilation database: '{{.*}}nowhere' not found
// EXISTS: persist-rewriter: error: output directory '{{.*}}exists' already exists (nothing is overwritten)
// KEPT: keep

//--- other-schema.json
{"schema": 99, "types": []}
//--- no-schema.json
{"types": [{"name": "node"}]}
//--- no-types.json
{"schema": 1, "persistent_types": [{"name": "node"}]}
//--- nameless.json
{"schema": 1, "types": [{"tag": "node"}]}
//--- not-json.json
schema: 1
//--- bad-line.conf
# a comment, then a blank line

operation bump
//--- bad-key.conf
colour = red
//--- bad-flag.conf
allow-empty-warm-start = maybe
//--- bad-runs.conf
log-runs = sometimes
//--- bad-reset.conf
volatile-reset = job_release
//--- bad-kind.conf
alloc = zmalloc:zap
//--- input.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct node { int key; struct node *next; };
struct node *head;
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = malloc(sizeof *n);
    n->key = k;
    n->next = head;
    head = n;
  }
}
