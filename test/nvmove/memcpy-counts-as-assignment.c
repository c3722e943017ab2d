// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_snapshot --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// memcpy() and memmove() copy into their first argument: paper mode treats
// them as assignments to it (optimization b), whether the destination is a
// whole object or one of its fields.
// CHECK-LABEL: "types": [
// CHECK:         "name": "meta",
// CHECK:         "evidence": "memmove &m->digest (data)",
// CHECK-NEXT:    "function": "load_snapshot",
// CHECK-NEXT:    "statement": "snap.c:8:3"
// CHECK:         "reason": "assigned",
// CHECK:         "name": "snapshot",
// CHECK:         "evidence": "memcpy s (data)",
// CHECK-NEXT:    "function": "load_snapshot",
// CHECK-NEXT:    "statement": "snap.c:7:3"
// CHECK:         "reason": "assigned",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c snap.c", "file": "snap.c"}]
//--- snap.c
typedef unsigned long size_t;
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
struct snapshot { long seq; char body[32]; };
struct meta { unsigned digest; };
void load_snapshot(struct snapshot *s, struct meta *m, const char *raw) {
  memcpy(s, raw, sizeof *s);
  memmove(&m->digest, raw + 32, sizeof m->digest);
}
