// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_queue --mode=paper --format=json -o %t/default.json
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t/default.json
// RUN: %nvmove -p %t --load-function=load_queue --mode=paper --format=json \
// RUN:   --skip-library-bodies=false -o %t/off.json
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/off.json

// Optimization (c): the body of a function from a system header (here an
// inline helper in a header found through -isystem) is not analysed. Without
// the optimization the walk enters it and follows its call back into the
// application, where 'struct queue' is written.
// DEFAULT-LABEL: "functions_skipped": {
// DEFAULT-NEXT:    "library function (optimization c)": 1
// DEFAULT-NEXT:  },
// DEFAULT-LABEL: "functions_visited": [
// DEFAULT-NOT:     "name": "lib_push"
// DEFAULT-NOT:     "name": "queue_grow"
// DEFAULT-LABEL: "types": []

// OFF-LABEL: "functions_skipped": {},
// OFF-LABEL: "functions_visited": [
// OFF:         "caller": "load_queue",
// OFF-NEXT:    "defined_at": "include/lib.h:2",
// OFF-NEXT:    "name": "lib_push"
// OFF:         "caller": "lib_push",
// OFF-NEXT:    "defined_at": "queue.c:4",
// OFF-NEXT:    "name": "queue_grow"
// OFF-LABEL: "types": [
// OFF:         "name": "queue",
// OFF:         "call_chain": [
// OFF-NEXT:      "load_queue",
// OFF-NEXT:      "lib_push",
// OFF-NEXT:      "queue_grow"
// OFF-NEXT:    ],
// OFF-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -isystem @DIR@/include -c queue.c", "file": "queue.c"}]
//--- include/lib.h
void queue_grow(void *q);
static inline void lib_push(void *q) { queue_grow(q); }
//--- queue.c
#include <lib.h>
struct queue { int cap; };
void load_queue(struct queue *q) { lib_push(q); }
void queue_grow(void *p) {
  struct queue *q = p;
  q->cap *= 2;
}
