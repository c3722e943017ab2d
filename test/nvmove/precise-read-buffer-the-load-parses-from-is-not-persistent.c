// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=read_leases --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: sed -e 's|/\* keep \*/|memcpy(cfg->duid, cfg->buf, 8);|' %t/leases.c > %t/leases2.c && mv %t/leases2.c %t/leases.c
// RUN: %nvmove -p %t --load-function=read_leases --format=json -o %t/report2.json
// RUN: FileCheck %s --check-prefix=DUID --input-file=%t/report2.json

// dnsmasq's shape: the load reads each line into a scratch buffer of the configuration
// (fscanf into cfg->buf) and parses it into lease objects. The buffer holds nothing the load
// built, so the configuration is not persistent for it. When the load also keeps bytes of the
// file in memory the configuration owns (the server's DUID, copied from the buffer), the
// configuration is persistent, and the evidence names that field, not the buffer.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "config",
// CHECK:         "name": "lease",
// CHECK-NOT:     "name": "config",
// CHECK-LABEL: "warnings"
// DUID-LABEL: "types": [
// DUID:         "fields_written": [
// DUID-NEXT:      "duid"
// DUID:         "name": "config",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c leases.c", "file": "leases.c"}]
//--- leases.c
typedef unsigned long size_t;
typedef struct FILE FILE;
int fscanf(FILE *f, const char *fmt, ...);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);
long strtol(const char *s, char **end, int base);
struct config { char *buf; unsigned char *duid; int port; };
struct lease { long expires; struct lease *next; };
struct config *cfg;
struct lease *leases;
int read_leases(FILE *f) {
  while (fscanf(f, "%255s", cfg->buf) == 1) {
    struct lease *l = malloc(sizeof *l);
    l->expires = strtol(cfg->buf, 0, 10);
    l->next = leases;
    leases = l;
    /* keep */
  }
  return 1;
}
