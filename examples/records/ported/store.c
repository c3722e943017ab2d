#include <pmem_shim/port.h> /* persist-rewriter */
#line 1
/* The in-memory table: hashing, insertion, iteration. */
#include "records.h"
#include <stdlib.h>

struct store *db;
struct stats server_stats;

struct store *store_new(size_t nslots) {
  struct store *s = pms_calloc(1, sizeof(*s));
  PMS_LOGGED(s->slots) = pms_calloc(nslots, sizeof(struct bucket *));
  PMS_LOGGED_RUN({(void *)&(s->nslots), sizeof(s->nslots)}, {(void *)&(s->refcount), sizeof(s->refcount)}); PMS_LOGGED(s->nslots) = nslots;
  PMS_LOGGED(s->refcount) = 1;
  return s;
}

void store_put(struct store *s, record *r) {
  size_t h = (size_t)r->id % s->nslots;
  struct bucket *b = pms_malloc(sizeof(*b));
  PMS_LOGGED_RUN({(void *)&(b->rec), sizeof(b->rec)}, {(void *)&(b->next), sizeof(b->next)}, {(void *)&(s->count), sizeof(s->count)}); PMS_LOGGED(b->rec) = r;
  PMS_LOGGED(b->next) = s->slots[h];
  PMS_LOGGED(s->slots[h]) = b;
  PMS_LOGGED(s->count)++;
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
