// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The load's direct callees may open and read its input (load_one's fopen and fread): their
// handles count as the load's. A string a direct callee only shows (report's format) is no
// handle, even when a callback the analysis cannot see is handed it: that callback may fill
// buffers, but from no input the load reads. Before, report's format counted as a handle of
// the load's input, width_of(fmt) "read" the load's input into it, and the message the format
// was copied into came out as loaded data (vim's smsg and every message buffer behind it).
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "message"
// CHECK:         "name": "record",
// CHECK-NEXT:    "provenance": [
// CHECK:           "function": "load_one",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name": "message"
// CHECK-LABEL: "warnings"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c input.c", "file": "input.c"}]
//--- input.c
typedef unsigned long size_t;
typedef struct FILE FILE;
FILE *fopen(const char *path, const char *mode);
size_t fread(void *buf, size_t size, size_t n, FILE *f);
void *malloc(size_t n);
char *strcpy(char *dst, const char *src);

/* How many columns a string takes: set at start-up to one of several functions. */
int (*width_of)(const char *s);

struct message { char text[80]; int width; };
struct message *last_message;
struct record { long key; long value; };
struct record *saved;

/* Reports progress: the text goes to a message kept for the status line. */
static void report(const char *fmt) {
  int width = width_of(fmt);
  struct message *m = malloc(sizeof *m);
  strcpy(m->text, fmt);
  m->width = width;
  last_message = m;
}

/* Reads the saved record from its file. */
static void load_one(const char *name) {
  FILE *f = fopen(name, "r");
  saved = malloc(sizeof *saved);
  fread(saved, sizeof *saved, 1, f);
}

void load(void) {
  report("loading");
  load_one("state.bin");
}
