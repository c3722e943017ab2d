// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_server --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// 'p->a.b = v' writes field 'b' of the embedded struct and, through it,
// field 'a' of the outer one: both record types are assigned, and each
// lists the field of its own that was written.
// CHECK-LABEL: "types": [
// CHECK:         "fields_written": [
// CHECK-NEXT:      "port"
// CHECK-NEXT:    ],
// CHECK:         "name": "endpoint",
// CHECK:         "evidence": "= srv->listen.port (data)",
// CHECK:         "fields_written": [
// CHECK-NEXT:      "listen"
// CHECK-NEXT:    ],
// CHECK:         "name": "server",
// CHECK:         "evidence": "= srv->listen.port (data)",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c server.c", "file": "server.c"}]
//--- server.c
struct endpoint { int port; };
struct server { struct endpoint listen; int backlog; };
void load_server(struct server *srv, int port) {
  srv->listen.port = port;
}
