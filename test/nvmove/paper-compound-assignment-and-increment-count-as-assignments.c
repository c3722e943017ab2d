// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_log --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Compound assignment ('+=', '|=') and increment/decrement ('++', '--')
// modify their operand, so in paper mode they mark its record type just as
// '=' does; the evidence names the operator.
// CHECK-LABEL: "types": [
// CHECK:         "name": "flags",
// CHECK:         "evidence": "|= f->bits (data)",
// CHECK:         "reason": "assigned",
// CHECK:         "name": "offsets",
// CHECK:         "evidence": "+= o->total (data)",
// CHECK:         "reason": "assigned",
// CHECK:         "name": "refcount",
// CHECK:         "evidence": "++ r->n (counter)",
// CHECK:         "reason": "assigned",
// CHECK:         "name": "slots",
// CHECK:         "evidence": "-- s->free (counter)",
// CHECK:         "reason": "assigned",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c log.c", "file": "log.c"}]
//--- log.c
struct offsets { long total; };
struct flags { unsigned bits; };
struct refcount { int n; };
struct slots { int free; };
void load_log(struct offsets *o, struct flags *f, struct refcount *r,
              struct slots *s, long len, unsigned mask) {
  o->total += len;
  f->bits |= mask;
  r->n++;
  --s->free;
}
