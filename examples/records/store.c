/* The in-memory table: hashing, insertion, iteration. */
#include "records.h"
#include <stdlib.h>

struct store *db;
struct stats server_stats;

struct store *store_new(size_t nslots) {
  struct store *s = calloc(1, sizeof(*s));
  s->slots = calloc(nslots, sizeof(struct bucket *));
  s->nslots = nslots;
  s->refcount = 1;
  return s;
}

void store_put(struct store *s, record *r) {
  size_t h = (size_t)r->id % s->nslots;
  struct bucket *b = malloc(sizeof(*b));
  b->rec = r;
  b->next = s->slots[h];
  s->slots[h] = b;
  s->count++;
}

record *store_get(struct store *s, int id) {
  for (struct bucket *b = s->slots[(size_t)id % s->nslots]; b; b = b->next)
    if (b->rec->id == id)
      return b->rec;
  return NULL;
}

void store_iter_init(struct store_iter *it, struct store *s) {
  it->s = s;
  it->slot = 0;
  it->cur = NULL;
}

record *store_iter_next(struct store_iter *it) {
  while (!it->cur && it->slot < it->s->nslots)
    it->cur = it->s->slots[it->slot++];
  if (!it->cur)
    return NULL;
  record *r = it->cur->rec;
  it->cur = it->cur->next;
  return r;
}
