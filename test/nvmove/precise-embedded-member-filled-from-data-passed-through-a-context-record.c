// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_index --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Containment, when the loaded bytes reach the caller through a field of a context record
// (git's index mapping reaches read_untracked_extension() through the 'mmap' field of the
// record load_index_extensions() is handed). load_oid_stat() passes &os->stat with those
// bytes, and stat_from_disk() stores them through it: 'oid_stat' is loaded. The bytes are
// the load's own, whatever storage carried them to the call.
// CHECK-LABEL: "types": [
// CHECK:         "name": "oid_stat",
// CHECK:         "evidence": "loaded data is stored through &oid_stat.stat, the struct stat_data it embeds",
// CHECK:         "reason": "loaded-data",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c index.c", "file": "index.c"}]
//--- index.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *calloc(size_t n, size_t s);

struct stat_data { unsigned size, mtime; };
struct entry { struct stat_data sd; struct entry *next; };
struct oid_stat { struct stat_data stat; int valid; };
struct ucache { struct oid_stat info; };
struct ext_context { const unsigned char *map; size_t size; };

struct entry *entries;
struct ucache *untracked;

static unsigned get32(const unsigned char *p) { return p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

static void stat_from_disk(struct stat_data *sd, const unsigned char *p) {
  sd->size = get32(p);
  sd->mtime = get32(p + 4);
}

static void load_oid_stat(struct oid_stat *os, const unsigned char *p) {
  stat_from_disk(&os->stat, p);
  os->valid = 1;
}

static void read_untracked(const unsigned char *p) {
  untracked = calloc(1, sizeof *untracked);
  load_oid_stat(&untracked->info, p + 8);
}

static void load_extensions(void *arg) {
  struct ext_context *c = arg;
  read_untracked(c->map);
}

int load_index(int fd) {
  unsigned char *map = malloc(4096);
  if (read(fd, map, 4096) != 4096)
    return -1;
  struct entry *e = calloc(1, sizeof *e);
  stat_from_disk(&e->sd, map);
  e->next = entries;
  entries = e;
  struct ext_context c;
  c.map = map;
  c.size = 4096;
  load_extensions(&c);
  return 0;
}
