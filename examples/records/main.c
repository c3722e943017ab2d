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

int main(int argc, char **argv) {
  db = store_new(64);
  store_load(db_path());
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
