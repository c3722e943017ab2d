#include <pmem_shim/port.h> /* persist-rewriter */
#line 1
/* The operations of records: each one changes the table and saves it before it returns.
 *
 *   set ID VALUE        create or update a record
 *   transfer A B N      move N from record A to record B (both must exist)
 *   note ID TEXT        replace a record's note
 *   list                print every record
 */
#include "records.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static record *get_or_create(int id) {
  record *r = store_get(db, id);
  if (!r) {
    r = pms_calloc(1, sizeof(*r));
    PMS_LOGGED(r->id) = id;
    store_put(db, r);
  }
  return r;
}

static void set_note(record *r, const char *text) {
  char *old = r->note;
  PMS_LOGGED(r->note) = pms_strdup(text);
  pms_free(old);
}

void list_records(FILE *out) {
  struct store_iter it;
  store_iter_init(&it, db);
  for (record *r = store_iter_next(&it); r; r = store_iter_next(&it))
    fprintf(out, "%d %ld %s\n", r->id, r->value, r->note ? r->note : "-");
}

static int apply_command__pms_op(const char *line) {
  char verb[16], text[64];
  int a, b;
  long n;
  if (sscanf(line, "set %d %ld", &a, &n) == 2) {
    update_persist(get_or_create(a), n);
  } else if (sscanf(line, "transfer %d %d %ld", &a, &b, &n) == 3) {
    record *from = store_get(db, a), *to = store_get(db, b);
    if (!from || !to || from == to)
      return -1;
    update_persist(from, from->value - n);
    update_persist(to, to->value + n);
  } else if (sscanf(line, "note %d %63s", &a, text) == 2) {
    set_note(get_or_create(a), text);
  } else if (sscanf(line, "%15s", verb) == 1 && strcmp(verb, "list") == 0) {
    list_records(stdout);
    return 0;
  } else {
    return -1;
  }
  return store_save(getenv("RECORDS_DB") ? getenv("RECORDS_DB") : "records.db");
}
/* persist-rewriter: operation apply_command is one transaction */
int apply_command(const char *line) {
  pms_op_begin();
  int pms_ret = apply_command__pms_op(line);
  pms_op_end();
  return pms_ret;
}
#line 57

