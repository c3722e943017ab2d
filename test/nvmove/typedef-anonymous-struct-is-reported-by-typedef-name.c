// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_record --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The paper's own example (Figure 1a): 'record' is an anonymous struct named
// only by a typedef. It is reported under the typedef name, with a null tag
// and the typedef listed. A tagged struct with a typedef is also named by the
// typedef, the name the code uses (docs/report-schema.md), and keeps its tag.
// CHECK-LABEL: "types": [
// CHECK:         "name": "pair_t",
// CHECK:         "tag": "pair",
// CHECK-NEXT:    "typedef_names": [
// CHECK-NEXT:      "pair_t"
// CHECK-NEXT:    ]
// CHECK:         "defined_at": "record.c:1",
// CHECK:         "kind": "struct",
// CHECK-NEXT:    "name": "record",
// CHECK:         "tag": null,
// CHECK-NEXT:    "typedef_names": [
// CHECK-NEXT:      "record"
// CHECK-NEXT:    ]
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c record.c", "file": "record.c"}]
//--- record.c
typedef struct {
  int id;
  long value;
} record;
typedef struct pair { int a, b; } pair_t;
void load_record(record *r, pair_t *p, long nval) {
  r->value = nval;
  p->a = 1;
}
