// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=read_state --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// logrotate's readState() splits each line of its state file with a library function that
// returns the words through a pointer to a pointer (popt's poptParseArgvString(buf, &argc,
// &argv)), and parses and copies them from there. A library function (no body, declared in a
// system header) handed a pointer to a pointer may return through it memory made of what its
// other arguments hold, so the words are loaded data: the state record keeps a copy of the
// first and a date parsed from the second.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "fields_written": [
// CHECK-NEXT:      "fn",
// CHECK-NEXT:      "year"
// CHECK-NEXT:    ],
// CHECK:         "name": "state",
// CHECK:         "evidence": "loaded data is stored into state.year: <data read from storage> -> read_state: buf -> **read_state: argv -> read_state: year -> state.year",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -isystem @DIR@/include -c state.c", "file": "state.c"}]
//--- include/split.h
int split_line(const char *line, int *argc, const char ***argv);
//--- state.c
#include <split.h>
typedef struct io_file FILE;
FILE *fopen(const char *path, const char *mode);
char *fgets(char *s, int n, FILE *f);
int sscanf(const char *s, const char *fmt, ...);
char *strdup(const char *s);
void *malloc(unsigned long n);
struct state { char *fn; int year; };
struct state *last;
int read_state(const char *path) {
  char buf[256];
  FILE *f = fopen(path, "r");
  while (fgets(buf, sizeof buf, f)) {
    int argc, year = 0;
    const char **argv = 0;
    if (split_line(buf, &argc, &argv) || argc != 2)
      return 1;
    last = malloc(sizeof *last);
    last->fn = strdup(argv[0]);
    sscanf(argv[1], "%d", &year);
    last->year = year;
  }
  return 0;
}
