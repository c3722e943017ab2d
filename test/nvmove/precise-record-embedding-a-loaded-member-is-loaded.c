// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_cache --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Containment. 'struct oid_stat' is never named in a store: load_oid_stat() fills its
// members through their addresses (&os->stat, &os->name), and the callees store loaded data
// through those pointers. The record that embeds them holds that data, so it is loaded too
// (git's oid_stat inside untracked_cache). 'struct banner' embeds a 'struct sbuf' as well, but
// what it receives is copied out of another sbuf's field: loaded only in the sense that every
// sbuf's field cell is shared, which does not make the banner loaded.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK-NOT:     "name": "oid_stat"
// CHECK:         "name": "banner",
// CHECK-NOT:     "name": "oid_stat"
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "banner"
// CHECK:         "name": "oid_stat",
// CHECK:         "evidence": "loaded data is stored through &oid_stat.stat, the struct stat_data it embeds",
// CHECK:         "evidence": "loaded data is stored through &oid_stat.name, the struct sbuf it embeds",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name": "banner"
// CHECK:         "name": "sbuf",
// CHECK-NOT:     "name": "banner"
// CHECK:         "name": "stat_data",
// CHECK-NOT:     "name": "banner"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c cache.c", "file": "cache.c"}]
//--- cache.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *calloc(size_t n, size_t s);
char *strdup(const char *s);
size_t strlen(const char *s);

struct sbuf { char *buf; size_t len; };
struct stat_data { unsigned size, mtime; };
struct oid_stat { struct stat_data stat; struct sbuf name; int valid; };
struct ucache { struct oid_stat info; struct oid_stat *extra; };
struct banner { struct sbuf text; int shown; };

struct ucache *cache;
struct banner *motd;

static unsigned get32(const unsigned char *p) { return p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

static void stat_from_disk(struct stat_data *sd, const unsigned char *p) {
  sd->size = get32(p);
  sd->mtime = get32(p + 4);
}

static void sbuf_set(struct sbuf *s, const char *text) {
  s->len = strlen(text);
  s->buf = strdup(text);
}

static void load_oid_stat(struct oid_stat *os, const unsigned char *p) {
  stat_from_disk(&os->stat, p);
  sbuf_set(&os->name, (const char *)p + 8);
  os->valid = 1;
}

int load_cache(int fd) {
  unsigned char data[64];
  if (read(fd, data, sizeof data) != sizeof data)
    return -1;
  cache = calloc(1, sizeof *cache);
  load_oid_stat(&cache->info, data);
  motd = calloc(1, sizeof *motd);
  sbuf_set(&motd->text, cache->info.name.buf);
  return 0;
}
