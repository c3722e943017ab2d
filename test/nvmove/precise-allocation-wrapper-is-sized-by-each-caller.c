// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// xrealloc() is an allocation wrapper: it returns what realloc() gives it. Each call of it is
// an allocation site of its own, sized by its caller: the load grows an array of 'slot's and
// reads into it; grow_log() grows an array of 'entry's; sdsprintf() returns the loaded text
// it is given, grown, and only formats sizeof(struct note) as a number. Neither 'entry' nor 'note' sizes an allocation that
// receives loaded data ('slot' is found by the sizeof rule too: no other rule sees it).
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "slot",
// CHECK:         "reason": "sizeof-allocation",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *realloc(void *p, size_t n);
void abort(void);
struct slot { char key[8]; };
struct entry { int level; };
struct note { int id; };

char *slots;
struct entry *log_entries;
char *status;

void *xrealloc(void *p, size_t n) {
  void *r = realloc(p, n);
  if (!r)
    abort();
  return r;
}

char *sdsprintf(char *s, const char *fmt, ...) {
  (void)fmt;
  return xrealloc(s, 64);
}

void grow_log(const char *why) {
  (void)why;
  log_entries = xrealloc(log_entries, 4 * sizeof(struct entry));
  log_entries[0].level = 1;
}

void load(int fd) {
  slots = xrealloc(slots, 16 * sizeof(struct slot));
  read(fd, slots, 16 * sizeof(struct slot));
  status = sdsprintf(slots, "%zu", sizeof(struct note));
  grow_log("loaded");
}
