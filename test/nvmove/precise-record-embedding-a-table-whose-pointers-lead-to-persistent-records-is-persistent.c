// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_cache --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// unbound's rrset cache is a record that embeds a partitioned hash table by value and only hands
// &r->table to the table's code, which reads the table's array of bins through it and inserts
// the loaded entries there. Nothing is stored through the member's address itself, but the
// pointers to the persistent bins are the container's own bytes, so the container is
// persistent.
// Not so:
//  - 'struct gauge' embeds a persistent 'struct level', but the function handed &g->lv reads
//    only its depth, no pointer to persistent data;
//  - 'struct journal' and 'struct scratch' both embed a 'struct vec', and one field cell stands
//    for the items of every vec: the vec the load fills cannot be told from the other, so
//    neither container is made persistent for it (a building block embedded in several records).
// (The context record the load is handed, as unbound's worker, holds the caches.)
// CHECK-LABEL: "types": [
// CHECK:         "name": "bin",
// CHECK:         "name": "cache",
// CHECK:         "evidence": "the walk hands &cache.part to a function that reads table.bins through it, a pointer to persistent data in the struct table it embeds",
// CHECK:         "reason": "embedded",
// CHECK:         "name": "entry",
// CHECK:         "name": "env",
// CHECK-NOT:     "name": "gauge",
// CHECK-NOT:     "name": "journal",
// CHECK:         "name": "level",
// CHECK-NOT:     "name": "scratch",
// CHECK:         "name": "table",
// CHECK:         "name": "vec",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c cache.c", "file": "cache.c"}]
//--- cache.c
typedef struct io_file FILE;
typedef unsigned long size_t;
size_t fread(void *p, size_t size, size_t n, FILE *f);
void *malloc(size_t n);
struct entry { char key[32]; struct entry *next; };
struct bin { struct entry *first; int count; };
struct table { struct bin **bins; int nbins; };
struct cache { struct table part; };
struct level { struct bin **bins; int depth; };
struct gauge { struct level lv; };
struct vec { struct entry **items; int n; };
struct journal { struct vec log; };
struct scratch { struct vec tmp; };
struct env {
  struct cache *cache;
  struct level *level;
  struct gauge *gauge;
  struct journal *journal;
  struct scratch *scratch;
};
static void table_insert(struct table *t, struct entry *e) {
  struct bin *b = t->bins[0];
  e->next = b->first;
  b->first = e;
  b->count++;
}
static int level_depth(struct level *l) { return l->depth; }
static void vec_push(struct vec *v, struct entry *e) { v->items[v->n] = e; }
int load_cache(FILE *f, struct env *env) {
  struct entry *e = malloc(sizeof *e);
  int depth;
  fread(e->key, 1, sizeof e->key, f);
  fread(&depth, sizeof depth, 1, f);
  table_insert(&env->cache->part, e);
  env->level->depth = depth;
  vec_push(&env->journal->log, e);
  env->scratch->tmp.n = 0;
  return level_depth(&env->gauge->lv);
}
