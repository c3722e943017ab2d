/* records: set or print values; state survives restarts through records.db. */
#include "records.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  db = store_new(64);
  store_load("records.db");
  if (argc == 3) {
    int id = atoi(argv[1]);
    record *r = store_get(db, id);
    if (!r) {
      r = calloc(1, sizeof(*r));
      r->id = id;
      store_put(db, r);
    }
    update_persist(r, atol(argv[2]));
    return store_save("records.db");
  }
  struct store_iter it;
  store_iter_init(&it, db);
  for (record *r = store_iter_next(&it); r; r = store_iter_next(&it))
    printf("%d %ld\n", r->id, r->value);
  return 0;
}
