// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_blob --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// 'struct blob' is never named in a store: it only sizes a raw allocation,
// and read() then fills that allocation. The allocation is a blob, so blob is
// persistent with reason sizeof-allocation. 'struct unused' sizes an
// allocation that nothing is read into.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "blob",
// CHECK:         "call_chain": [
// CHECK-NEXT:      "load_blob"
// CHECK-NEXT:    ],
// CHECK:         "evidence": "sizeof(struct blob) sizes an allocation that receives loaded data{{.*}}",
// CHECK:         "reason": "sizeof-allocation",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c blob.c", "file": "blob.c"}]
//--- blob.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct blob { int len; char bytes[60]; };
struct unused { int x; };
char *load_blob(int fd, char **scratch) {
  char *buf = malloc(sizeof(struct blob));
  *scratch = malloc(sizeof(struct unused));
  read(fd, buf, sizeof(struct blob));
  return buf;
}
