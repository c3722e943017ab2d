// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=replay --format=json -o %t/plain.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HINT
// RUN: %nvmove -p %t --load-function=replay --follow-callbacks --format=json -o %t/followed.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOHINT
// RUN: FileCheck %s --check-prefix=FOUND --input-file=%t/followed.json

// A journal replayed by handing each line to the handler its command names (rrdcached's
// journal_replay): the handlers are called through a table, which the walk does not follow
// by default, so nothing is found; nvmove says why and what to try. With --follow-callbacks
// the handler that builds the cache is walked, and no hint is given.
// HINT: note: no persistent type found, and 1 call(s) through function pointers on the walk were not followed{{.*}}try --follow-callbacks
// NOHINT-NOT: try --follow-callbacks
// FOUND-LABEL: "types": [
// FOUND:         "name": "item"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef struct FILE FILE;
FILE *fopen(const char *, const char *);
char *fgets(char *, int, FILE *);
void *malloc(unsigned long);
char *strcpy(char *, const char *);
int strncmp(const char *, const char *, unsigned long);
struct item { char name[32]; struct item *next; };
struct item *cache;

static int handle_update(const char *args) {
  struct item *it = malloc(sizeof *it);
  strcpy(it->name, args);
  it->next = cache;
  cache = it;
  return 0;
}
static int handle_flush(const char *args) { return args[0]; }

struct command { const char *name; int (*handler)(const char *); };
static struct command commands[] = {{"UPDATE", handle_update}, {"FLUSH", handle_flush}};

int replay(const char *path) {
  char line[64];
  FILE *f = fopen(path, "r");
  while (fgets(line, sizeof line, f))
    for (int i = 0; i < 2; i++)
      if (strncmp(line, commands[i].name, 6) == 0)
        commands[i].handler(line + 7);
  return 0;
}
