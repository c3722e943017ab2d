// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=reload_sources --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: sed -e 's|/\* later \*/|best_offset = sort_list[0].offset;|' %t/select.c > %t/select2.c && mv %t/select2.c %t/select.c
// RUN: %nvmove -p %t --load-function=reload_sources --format=json -o %t/report2.json
// RUN: FileCheck %s --check-prefix=KEPT --input-file=%t/report2.json
// RUN: sed -e 's|/\* first \*/|if (n) best_offset = sort_list[0].offset;|' %t/select.c > %t/select2.c && mv %t/select2.c %t/select.c
// RUN: %nvmove -p %t --load-function=reload_sources --format=json -o %t/report3.json
// RUN: FileCheck %s --check-prefix=KEPT --input-file=%t/report3.json

// chrony's shape: after the load restores each source's statistics, source selection fills a
// sort list from them, sorts it (a comparator qsort calls) and reads it back, all in one call;
// every later call writes the list again before it reads it. The list's record keeps nothing
// the load built. It does when code other than the selection reads it (KEPT, first run), or
// when the selection reads it before it writes it (KEPT, second run: what the previous call
// left there).
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "sort_element",
// CHECK:         "name": "source",
// CHECK-NOT:     "name": "sort_element",
// CHECK-LABEL: "warnings"
// KEPT-LABEL: "types": [
// KEPT:         "name": "sort_element",
// KEPT:         "name": "source",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c select.c", "file": "select.c"}]
//--- select.c
typedef unsigned long size_t;
typedef struct FILE FILE;
int fscanf(FILE *f, const char *fmt, ...);
void *malloc(size_t n);
void free(void *p);
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
struct source { double lo_limit, hi_limit; struct source *next; };
struct sort_element { int index; double offset; };
struct source *sources[16];
static struct sort_element *sort_list;
static int n_sources;
double best_offset;

static int compare_elements(const void *a, const void *b) {
  const struct sort_element *u = a, *v = b;
  return u->offset < v->offset ? -1 : u->offset > v->offset;
}

static void select_source(struct source *updated) {
  int n = 0;
  if (!updated)
    return;
  /* first */
  for (int i = 0; i < n_sources; i++) {
    sort_list[n].index = i;
    sort_list[n].offset = sources[i]->lo_limit;
    n++;
    sort_list[n].index = i;
    sort_list[n].offset = sources[i]->hi_limit;
    n++;
  }
  qsort(sort_list, n, sizeof(struct sort_element), compare_elements);
  for (int i = 0; i < n; i++)
    if (sort_list[i].offset > best_offset)
      best_offset = sort_list[i].offset;
}

void finalise(void) {
  free(sort_list); /* gives the list back, reads nothing of it */
}

void report(void) {
  /* later */
}

void reload_sources(FILE *f) {
  sort_list = malloc(32 * sizeof *sort_list);
  for (n_sources = 0; n_sources < 16; n_sources++) {
    struct source *s = malloc(sizeof *s);
    if (fscanf(f, "%lf %lf", &s->lo_limit, &s->hi_limit) != 2)
      break;
    sources[n_sources] = s;
  }
  select_source(sources[0]);
}
