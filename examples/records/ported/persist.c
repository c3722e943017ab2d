#include <pmem_shim/port.h> /* persist-rewriter */
#line 1
/* Block-based persistence: serialize with sprintf, write() + fsync(); load at start-up. */
#include "records.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void log_error(const char *what) {
  snprintf(server_stats.last_error, sizeof(server_stats.last_error), "error: %s", what);
}

void update_persist(record *r, long nval) {
  PMS_LOGGED_RUN({(void *)&(r->value), sizeof(r->value)}, {(void *)&(r->version), sizeof(r->version)}); PMS_LOGGED(r->value) = nval;
  PMS_LOGGED(r->version)++;
  char buf[256];
  int fd = open("records.log", O_WRONLY | O_APPEND | O_CREAT, 0644);
  int n = snprintf(buf, sizeof(buf), "id:%d val:%ld note:%s\n", r->id, r->value, r->note);
  write(fd, buf, n);
  fsync(fd);
  close(fd);
}

int store_save(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  struct store_iter it;
  store_iter_init(&it, db);
  for (record *r = store_iter_next(&it); r; r = store_iter_next(&it))
    fprintf(f, "%d %ld %ld %s\n", r->id, r->value, r->version, r->note ? r->note : "-");
  fflush(f);
  fsync(fileno(f));
  fclose(f);
  server_stats.saves++;
  return 0;
}

static record *parse_record(const char *line) {
  record *r = pms_malloc(sizeof(*r));
  char note[128];
  if (sscanf(line, "%d %ld %ld %127s", &r->id, &r->value, &r->version, note) != 4) {
    pms_free(r);
    log_error("bad line");
    return NULL;
  }
  PMS_LOGGED(r->note) = strcmp(note, "-") == 0 ? NULL : pms_strdup(note);
  return r;
}

int store_load(const char *path) {
  fprintf(stderr, "records: loading %s\n", path);
  FILE *f = fopen(path, "r");
  if (!f) {
    log_error("cannot open");
    return -1;
  }
  char line[256];
  while (fgets(line, sizeof(line), f)) {
    record *r = parse_record(line);
    if (r)
      store_put(db, r);
  }
  fclose(f);
  server_stats.loads++;
  fprintf(stderr, "records: loaded %zu records from %s\n", db->count, path);
  return 0;
}
