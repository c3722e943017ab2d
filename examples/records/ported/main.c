#include <pmem_shim/port.h> /* persist-rewriter */
#line 1
/* records: a small key/value store whose state survives restarts through records.db.
 *
 *   records set ID VALUE   set one record and save
 *   records list           print every record
 *   records serve          apply commands from stdin, one per line (see ops.c), and
 *                          print "ok N" once command N is durable
 */
#include "records.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *db_path(void) {
  const char *p = getenv("RECORDS_DB");
  return p ? p : "records.db";
}

/* persist-rewriter: a warm start restores the roots instead of loading */
static int pms_warm_store_load(const char *path) {
  if (pms_port_skip_load()) {
    pms_port_root("db", (void **)&(db));
    return 0;
  }
  int pms_ret = store_load(path);
  pms_port_root("db", (void **)&(db));
  pms_port_loaded();
  return pms_ret;
}
#line 18
int main(int argc, char **argv) { pms_port_open("records.pool");
  db = store_new(64);
  pms_warm_store_load(db_path());
  if (argc == 4 && strcmp(argv[1], "set") == 0) {
    char line[128];
    snprintf(line, sizeof(line), "set %s %s", argv[2], argv[3]);
    return apply_command(line) == 0 ? 0 : 1;
  }
  if (argc == 2 && strcmp(argv[1], "serve") == 0) {
    char line[256];
    long n = 0;
    while (fgets(line, sizeof(line), stdin)) {
      if (apply_command(line) != 0) {
        printf("error %ld\n", n++);
      } else {
        printf("ok %ld\n", n++);
      }
      fflush(stdout);
    }
    return 0;
  }
  if (argc == 1 || (argc == 2 && strcmp(argv[1], "list") == 0)) {
    list_records(stdout);
    return 0;
  }
  fprintf(stderr, "usage: records [list | set ID VALUE | serve]\n");
  return 2;
}
