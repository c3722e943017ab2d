// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_database --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A directory listing is read from storage: cron's database is its spool directory, and
// load_database() rebuilds a list of orphans from the names readdir() returns. The name comes
// out of the 'struct dirent' readdir points to, is copied into a local buffer and handed down
// to add_orphan(), which keeps a copy: 'orphan' holds loaded data. 'struct scan_stats' only
// counts the entries.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "scan_stats",
// CHECK-LABEL: "types": [
// CHECK:         "name": "orphan",
// CHECK:         "evidence": "a pointer to loaded data is stored into *orphan.fname: <data read from storage> -> (struct dirent object) -> dirent.d_name -> {{.*}}",
// CHECK-NOT:     "name": "scan_stats"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c spool.c", "file": "spool.c"}]
//--- spool.c
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

struct orphan { char *fname; struct orphan *next; };
struct scan_stats { int entries; };
struct orphan *orphans;
struct scan_stats stats;

static void add_orphan(const char *fname) {
  struct orphan *o = calloc(1, sizeof *o);
  o->fname = strdup(fname);
  o->next = orphans;
  orphans = o;
}

int load_database(const char *spool) {
  DIR *dir = opendir(spool);
  struct dirent *dp;
  char fname[256];
  while (dir != NULL && NULL != (dp = readdir(dir))) {
    stats.entries++;
    if (dp->d_name[0] == '.')
      continue;
    strcpy(fname, dp->d_name);
    add_orphan(fname);
  }
  return 0;
}
