// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_meta --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A callback nobody can see (cb->check) is handed the load's reader and is assumed to fill
// the byte buffers it gets (memcached's restart_check). Not the record's own 'tag' array,
// handed to a 'const char *' parameter, and not what its 'void *data' points to (a handle
// kept for the callback, as list and dict values are): the registration record 'struct
// hook' receives nothing loaded, although the global list of hooks makes it reachable.
// The byte buffer 'line' it is handed is still filled, and 'struct meta' that keeps it is
// loaded.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "hook",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "hook"
// CHECK:         "name": "meta",
// CHECK-NOT:     "name": "hook"
// CHECK-LABEL: "warnings": [

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c meta.c", "file": "meta.c"}]
//--- meta.c
typedef unsigned long size_t;
int open(const char *path, int flags);
char *strdup(const char *s);
typedef int (*check_fn)(const char *tag, void *reader, void *data, char *line);
struct reader { int fd; int done; };
struct hook { check_fn check; void *data; char tag[16]; struct hook *next; };
struct meta { char *line; int valid; };

struct hook *hooks;
struct meta *current;

int load_meta(const char *path, struct meta *m) {
  struct reader r;
  char line[256];
  r.fd = open(path, 0);
  r.done = 0;
  for (struct hook *h = hooks; h; h = h->next)
    if (h->check(h->tag, &r, h->data, line) != 0)
      return -1;
  m->line = strdup(line);
  m->valid = 1;
  current = m;
  return 0;
}
