#include <pmem_shim/port.h> /* persist-rewriter */
#line 1
/* records: a small key/value store with block-based persistence (NVMOVE figure 1 style). */
#ifndef RECORDS_H
#define RECORDS_H
#include <stddef.h>
#include <stdio.h>

typedef struct PMS_PERSISTENT {
  int id;
  long value;
  long version; /* bumped by every update */
  char *note; /* heap string, saved with the record */
} record;

struct PMS_PERSISTENT bucket {
  record *rec;
  struct bucket *next;
};

struct PMS_PERSISTENT store {
  struct bucket **slots;
  size_t nslots;
  size_t count;
  unsigned refcount; /* volatile bookkeeping */
};

struct store_iter {
  struct store *s;
  size_t slot;
  struct bucket *cur;
};

struct stats {
  long loads, saves;
  char last_error[64];
};

extern struct store *db;
extern struct stats server_stats;

struct store *store_new(size_t nslots);
void store_put(struct store *s, record *r);
record *store_get(struct store *s, int id);
void store_iter_init(struct store_iter *it, struct store *s);
record *store_iter_next(struct store_iter *it);
int store_save(const char *path);
int store_load(const char *path);
void update_persist(record *r, long nval);
int apply_command(const char *line);
void list_records(FILE *out);
#endif
