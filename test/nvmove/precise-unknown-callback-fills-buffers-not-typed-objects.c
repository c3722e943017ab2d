// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_all --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A call through a pointer that cannot be followed may fill the byte buffer it
// is given (a stream's read callback), so 'record' gets loaded bytes. A typed
// object handed to a callback as a void * (a dict's value destructor) is not
// assumed to be filled: 'counter' is only touched.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "counter",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "record",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": [

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
struct stream { long (*read)(struct stream *s, char *buf, long n); };
struct hooks { void (*release)(void *obj); };
struct record { int id; };
struct counter { int n; };
struct record *rec;
struct counter *cnt;
void load_all(struct stream *s, struct hooks *h) {
  char buf[4];
  s->read(s, buf, sizeof buf);
  rec->id = buf[0];
  cnt->n = 0;
  h->release(cnt);
}
