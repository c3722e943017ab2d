// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=store_open --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The mounted state of a store lives in DRAM: a global, and a heap object allocated with
// malloc, each holding pointers into the pool (the root, an allocation from pms_malloc) next
// to volatile counters and a lock. Holding a pool pointer does not make a record persistent:
// only the records the pool pointers point to are. A cache the mount allocates in DRAM and
// fills from the pool holds copies, not pool memory.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "cache",
// CHECK:         "name": "handle",
// CHECK:         "name": "store",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "{{cache|handle|store}}"
// CHECK:         "name": "header",
// CHECK:         "reason": "pool-pointer",
// CHECK-NOT:     "name": "{{cache|handle|store}}"
// CHECK:         "name": "slot",
// CHECK:         "reason": "pool-pointer",
// CHECK-NOT:     "name": "{{cache|handle|store}}"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c store.c", "file": "store.c"}]
//--- store.c
typedef unsigned long size_t;
void *pms_root_get(const char *name);
void *pms_malloc(size_t n);
void *malloc(size_t n);

struct header { unsigned nslots; unsigned first; };
struct slot { unsigned key, value; };
struct cache { unsigned key, value; };
struct handle { struct slot *spare; int lock; };
struct store {
  struct header *hdr;
  struct slot *slots;
  struct handle *h;
  struct cache *copy;
  unsigned opens;
};

static struct store the_store;

static struct handle *handle_new(void) {
  struct handle *h = malloc(sizeof *h);
  h->spare = pms_malloc(sizeof *h->spare);
  h->lock = 0;
  return h;
}

int store_open(void) {
  struct store *s = &the_store;
  s->hdr = pms_root_get("store");
  s->slots = (struct slot *)(s->hdr + 1);
  s->h = handle_new();
  s->copy = malloc(sizeof *s->copy);
  s->copy->key = s->slots[s->hdr->first].key;
  s->opens++;
  return 0;
}
