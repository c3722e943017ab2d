// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_table --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A store into an array element marks the element's record type, whether
// the array is reached through a pointer ('b[i].key') or is a field of
// another struct ('t->heads[i].key', which also writes 't->heads').
// CHECK-LABEL: "types": [
// CHECK:         "name": "bucket",
// CHECK:         "evidence": "= b[i].key (data)",
// CHECK:         "reason": "assigned",
// CHECK:         "fields_written": [
// CHECK-NEXT:      "key"
// CHECK-NEXT:    ],
// CHECK:         "name": "head",
// CHECK:         "evidence": "= t->heads[i].key (data)",
// CHECK:         "reason": "assigned",
// CHECK:         "fields_written": [
// CHECK-NEXT:      "heads"
// CHECK-NEXT:    ],
// CHECK:         "name": "table",
// CHECK:         "reason": "assigned",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c table.c", "file": "table.c"}]
//--- table.c
struct bucket { int key; };
struct head { int key; };
struct table { struct head heads[8]; };
void load_table(struct bucket *b, struct table *t, int i, int k) {
  b[i].key = k;
  t->heads[i].key = k;
}
