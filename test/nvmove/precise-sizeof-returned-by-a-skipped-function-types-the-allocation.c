// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_key --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Redis' sdshdr5: short strings get a one-byte header whose struct is never an l-value. Only
// its sizeof, returned by hdr_size(char type), sizes the allocation that the key is read into,
// and its flags byte is written through an unsigned char *. The walk does not enter
// hdr_size (optimization a: it only takes an integer), but the sizeof's it returns still reach
// the allocation's size in new_str(), so 'struct hdr5' is persistent like 'struct hdr8'.
// 'struct hdr_unused' is returned by another skipped function that sizes nothing loaded.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "hdr_unused"
// CHECK:         "name": "hdr5",
// CHECK:         "evidence": "sizeof(struct hdr5) sizes an allocation that receives loaded data{{.*}}",
// CHECK:         "reason": "sizeof-allocation",
// CHECK-NOT:     "name": "hdr_unused"
// CHECK:         "name": "hdr8",
// CHECK-NOT:     "name": "hdr_unused"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c str.c", "file": "str.c"}]
//--- str.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);

struct __attribute__((packed)) hdr5 { unsigned char flags; char buf[]; };
struct __attribute__((packed)) hdr8 { unsigned char len; unsigned char flags; char buf[]; };
struct hdr_unused { long x; };

static int hdr_size(char type) {
  switch (type) {
  case 0: return sizeof(struct hdr5);
  case 1: return sizeof(struct hdr8);
  }
  return 0;
}

static int unused_size(char type) { return type ? sizeof(struct hdr_unused) : 0; }

static char *new_str(int fd, size_t len) {
  char type = len < 32 ? 0 : 1;
  int hdrlen = hdr_size(type);
  char *sh = malloc(hdrlen + len + 1);
  char *s = sh + hdrlen;
  unsigned char *fp = ((unsigned char *)s) - 1;
  if (type == 0) {
    *fp = type | (len << 3);
  } else {
    struct hdr8 *h = (struct hdr8 *)sh;
    h->len = len;
    *fp = type;
  }
  read(fd, s, len);
  return s;
}

char *keys[16];
int scratch;

int load_key(int fd, int i, size_t len) {
  keys[i] = new_str(fd, len);
  scratch = unused_size(len);
  return 0;
}
