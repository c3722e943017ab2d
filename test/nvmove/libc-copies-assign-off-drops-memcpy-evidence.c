// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_cache --mode=paper --format=json -o %t/default.json
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t/default.json
// RUN: %nvmove -p %t --load-function=load_cache --mode=paper --format=json \
// RUN:   --libc-copies-assign=false -o %t/off.json
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/off.json

// Optimization (b): memcpy() is an assignment to its destination. 'blob' is
// written only by memcpy, so it is persistent with the optimization and not
// without it; 'index' is written by '=' and stays persistent either way.
// DEFAULT-LABEL: "types": [
// DEFAULT:         "name": "blob",
// DEFAULT:         "evidence": "memcpy b (data)",
// DEFAULT:         "name": "index",
// DEFAULT-LABEL: "warnings": []

// OFF-LABEL: "types": [
// OFF-NOT:     "name": "blob"
// OFF:         "name": "index",
// OFF-NOT:     "name": "blob"
// OFF-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c cache.c", "file": "cache.c"}]
//--- cache.c
typedef unsigned long size_t;
void *memcpy(void *dst, const void *src, size_t n);
struct blob { char bytes[16]; };
struct index { int slot; };
void load_cache(struct blob *b, struct index *ix, const char *raw) {
  memcpy(b, raw, sizeof *b);
  ix->slot = raw[0];
}
