// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -rf %t.ro %t.nodir
// RUN: mkdir %t.ro
// RUN: chmod 555 %t.ro
// RUN: env PMS_POOL=%t.ro/app.pool not %t.exe %t.default.pool > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=RO --input-file=%t.err --match-full-lines
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out --allow-empty
// RUN: env PMS_POOL=%t.nodir/app.pool not %t.exe %t.default.pool 2> %t.err
// RUN: FileCheck %s --check-prefix=NODIR --input-file=%t.err --match-full-lines
// RUN: env PMS_POOL= not %t.exe "" 2> %t.err
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.err --match-full-lines
// RUN: chmod 755 %t.ro

// pms_port_open has no error return: a pool path it cannot use (a directory
// the program may not write, a missing directory, no path at all) ends the
// program with exit status 1 and exactly one line naming the program, and
// nothing of the program runs. Root may write anywhere, so when run as root
// the program first drops to uid/gid 65534.
// RO: {{[^ ]*}}.exe: pmem_shim: cannot create pool: {{.*}}/app.pool{{.*}}: Permission denied
// RO-NOT: {{.}}
// OUT-NOT: {{.}}
// NODIR: {{[^ ]*}}.exe: pmem_shim: cannot create pool: {{.*}}.nodir/app.pool{{.*}}: No such file or directory
// NODIR-NOT: {{.}}
// NONE: {{[^ ]*}}.exe: pmem_shim: no pool path: PMS_POOL is unset or empty and there is no default path
// NONE-NOT: {{.}}

#include <pmem_shim/port.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) {
		perror("setuid");
		return 2;
	}
	pms_port_open(argv[1]);
	printf("opened\n");
	return 0;
}
