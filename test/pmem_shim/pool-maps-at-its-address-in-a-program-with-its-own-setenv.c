// RUN: %pms-cc %s -o %t.exe -rdynamic %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env -u PMEM_MMAP_HINT %t.exe %t.pool | FileCheck %s
// RUN: env -u PMEM_MMAP_HINT %t.exe %t.pool | FileCheck %s --check-prefix=WARM

// A program with its own getenv/setenv/unsetenv (bash keeps its variables in its own table and
// writes environ only when it execs; LD_PRELOAD puts the runtime into such programs) still gets
// its pool at the fixed address: the runtime hands PMDK the mapping hint through environ
// itself, which PMDK reads with secure_getenv, and leaves the program's own table as it was.
// CHECK: own setenv calls: {{[1-9]}}
// CHECK-NEXT: open: ok at 0x200000000000
// CHECK-NEXT: hint left behind: none
// WARM: open: ok at 0x200000000000

#include <pmem_shim.h>
#include <stdio.h>
#include <string.h>

/* The program's own variable table, as a shell has. */
static char names[16][64], values[16][64];
static int nvars, setenv_calls;
char *getenv(const char *name)
{
	for (int i = 0; i < nvars; i++)
		if (strcmp(names[i], name) == 0 && values[i][0])
			return values[i];
	return NULL;
}
int setenv(const char *name, const char *value, int overwrite)
{
	int i;
	setenv_calls++;
	for (i = 0; i < nvars && strcmp(names[i], name) != 0; i++)
		;
	if (i == nvars && nvars < 16)
		snprintf(names[nvars++], 64, "%s", name);
	if (i < nvars)
		snprintf(values[i], 64, "%s", value);
	return 0;
}
int unsetenv(const char *name)
{
	for (int i = 0; i < nvars; i++)
		if (strcmp(names[i], name) == 0)
			values[i][0] = 0;
	return 0;
}

int main(int argc, char **argv)
{
	struct pms_pool_info info;
	pms_pool *p = pms_pool_open(argv[1], PMS_CREATE, NULL);
	if (setenv_calls)
		printf("own setenv calls: %d\n", setenv_calls);
	if (!p) {
		printf("open: %s\n", pms_errormsg());
		return 1;
	}
	pms_pool_info(p, &info);
	printf("open: ok at %#lx\n", (unsigned long)info.addr);
	printf("hint left behind: %s\n", getenv("PMEM_MMAP_HINT") ? getenv("PMEM_MMAP_HINT") : "none");
	pms_pool_close(p);
	return 0;
}
