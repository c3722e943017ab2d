// RUN: rm -rf %t && mkdir -p %t/empty
// RUN: not %nvmove -p %t/missing --load-function=load 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NODIR -DDIR=%/t
// RUN: not %nvmove -p %t/empty --load-function=load 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFILE -DDIR=%/t

// A -p that names no compile database is an error, reported in one line,
// not the "running without flags" fallback of CommonOptionsParser.
// NODIR-NOT:  {{.}}
// NODIR:      {{^}}nvmove: error: no compilation database: '[[DIR]]/missing' not found{{$}}
// NODIR-NOT:  {{.}}

// NOFILE-NOT: {{.}}
// NOFILE:     {{^}}nvmove: error: no compilation database: '[[DIR]]/empty/compile_commands.json' not found{{$}}
// NOFILE-NOT: {{.}}
