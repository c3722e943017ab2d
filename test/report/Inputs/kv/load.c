#include "kv.h"
long read(int fd, void *buf, unsigned long n);
void *malloc(unsigned long n);
struct table *db;
void (*on_loaded)(struct table *t);
void table_put(struct table *t, struct entry *e);
char *str_new(int fd, const int *wide);
int checksum(int seed);
void load_db(int fd) {
  struct header h;
  read(fd, &h, 8);
  h.magic = checksum(h.magic);
  db = malloc(sizeof(struct table));
  db->n = h.count;
  for (int i = 0; i < h.count; i++) {
    struct entry *e = malloc(sizeof(struct entry));
    read(fd, &e->klen, 4);
    read(fd, e->key, e->klen);
    table_put(db, e);
  }
  struct table_iter it;
  it.t = db;
  it.cur = db->slots[0];
  it.pos = (unsigned)it.cur->klen;
  db->name = str_new(fd, &h.magic);
  on_loaded(db);
}
int checksum(int seed) { return seed * 31; }
