// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=read_lease --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The load's out-parameter, followed into its caller (dhcpcd). read_lease() returns the lease
// it read through 'struct lease **'; start() (never on the walk, which begins at read_lease)
// stores it into state->offer, so 'struct if_state' holds loaded state ("load-result").
// 'struct if_stats' only receives read_lease's return value, a length.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK-NOT:     "name": "if_state"
// CHECK-LABEL: "types": [
// CHECK:         "name": "if_state",
// CHECK:         "call_chain": [
// CHECK-NEXT:      "start"
// CHECK-NEXT:    ],
// CHECK:         "evidence": "start stores what read_lease returns through its parameter 1 into if_state.offer",
// CHECK:         "reason": "load-result",
// CHECK-NOT:     "name": "if_stats"
// CHECK:         "name": "lease",
// CHECK-NOT:     "name": "if_stats"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c lease.c", "file": "lease.c"}]
//--- lease.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);

struct lease { unsigned addr; unsigned leasetime; };
struct if_state { struct lease *offer; int offer_len; int state; };
struct if_stats { long bytes; };

long read_lease(int fd, struct lease **out) {
  struct lease *l = malloc(sizeof *l);
  long n = read(fd, l, sizeof *l);
  *out = l;
  return n;
}

void start(struct if_state *state, struct if_stats *stats, int fd) {
  state->offer_len = 0;
  stats->bytes = read_lease(fd, &state->offer);
  state->state = 1;
}
