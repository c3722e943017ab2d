// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// dpkg keeps its strings on an obstack: nfstrsave(s) is `return obstack_copy0(&db_obs, s, n)`,
// a GNU statement expression that copies s to the obstack's free space and whose value is the
// copy. What it points to is what the copy holds. (Every copy shares the pool's field cells,
// so a copy of constant text made the same way would look loaded too: the field-based heap.)
// CHECK-LABEL: "types": [
// CHECK:         "name": "record",
// CHECK:         "evidence": "a pointer to loaded data is stored into *record.name: {{.*}}",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c pool.c", "file": "pool.c"}]
//--- pool.c
typedef unsigned long size_t;
typedef long ssize_t;
ssize_t read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);
size_t strlen(const char *s);
struct pool { char *next_free; char *object_base; };
struct record { char *name; struct record *next; };
static struct pool strings;
#define POOL_COPY(p, s, n)                                                                 \
  ({ struct pool *__o = (p);                                                               \
     memcpy(__o->next_free, (s), (n));                                                     \
     __o->next_free += (n);                                                                \
     char *__value = __o->object_base;                                                     \
     __o->object_base = __o->next_free;                                                    \
     __value; })
static char *save(const char *s) { return POOL_COPY(&strings, s, strlen(s) + 1); }
struct record *records;
void load(int fd) {
  char buf[64];
  struct record *r = malloc(sizeof *r);
  read(fd, buf, sizeof buf);
  r->name = save(buf);
  r->next = records;
  records = r;
}
