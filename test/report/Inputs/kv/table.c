#include "kv.h"
long read(int fd, void *buf, unsigned long n);
void *malloc(unsigned long n);
void table_put(struct table *t, struct entry *e) {
  e->next = t->slots[e->klen % t->n];
  t->slots[e->klen % t->n] = e;
}
char *str_new(int fd, const int *wide) {
  if (*wide) {
    struct hdr16 *h = malloc(sizeof(struct hdr16) + 64);
    read(fd, &h->len, 2);
    h->alloc = 64;
    return h->buf;
  }
  struct hdr8 *h = malloc(sizeof(struct hdr8) + 64);
  read(fd, &h->len, 1);
  h->alloc = 64;
  return h->buf;
}
