// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_items --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// fread() fills its first argument from a stream: what it reads is loaded
// data, whether it lands directly in the objects (the heap array of items)
// or in a local first, then copied into a field ('s->count = n').
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "item",
// CHECK:         "statement": "items.c:12:3"
// CHECK:         "reason": "loaded-data",
// CHECK:         "fields_written": [
// CHECK-NEXT:      "count"
// CHECK-NEXT:    ],
// CHECK:         "name": "summary",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c items.c", "file": "items.c"}]
//--- items.c
typedef unsigned long size_t;
typedef struct FILE FILE;
size_t fread(void *buf, size_t size, size_t n, FILE *f);
void *malloc(size_t n);
struct item { long key; long val; };
struct summary { int count; };
struct item *load_items(FILE *f, struct summary *s) {
  int n;
  struct item *items;
  fread(&n, sizeof n, 1, f);
  items = malloc(n * sizeof(struct item));
  fread(items, sizeof(struct item), n, f);
  s->count = n;
  return items;
}
