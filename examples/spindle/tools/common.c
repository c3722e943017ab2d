/*
 * common.c -- command-line helpers the spindle tools share.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

const char tool_store_help[] =
	"store options:\n"
	"  --cache=none|tinca|spindle  cache configuration (default spindle)\n"
	"  --dev=PATH                  block-device file (4 KiB blocks)\n"
	"  --pool=PATH                 NVM pool (tinca, spindle)\n"
	"  --home-blocks=N --meta-blocks=N --journal-blocks=N\n"
	"  --nvm-blocks=N --nvm-meta-blocks=N --ring-entries=N --log-entries=N\n"
	"  --dram-blocks=N             DRAM block cache in front of every configuration\n"
	"  --buffered                  do not try O_DIRECT\n"
	"  --read-fill                 spindle: data read misses also fill the NVM data cache\n"
	"  --prefill                   at format, write every home block (reads then reach the disk)\n";

/* tool_die -- one line on stderr, exit 1 */
void tool_die(const char *tool, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: error: ", tool);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* tool_str -- "--name=S" */
int tool_str(const char *arg, const char *name, const char **v)
{
	size_t n = strlen(name);

	if (strncmp(arg, name, n) || arg[n] != '=')
		return 0;
	*v = arg + n + 1;
	return 1;
}

/* tool_u64 -- "--name=N", N a decimal number */
int tool_u64(const char *tool, const char *arg, const char *name, uint64_t *v)
{
	const char *s;
	char *end;

	if (!tool_str(arg, name, &s))
		return 0;
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (!*s || *end || errno || *s == '-') {
		fprintf(stderr, "%s: error: %s wants a non-negative number, not '%s'\n",
			tool, name, s);
		return -1;
	}
	return 1;
}

/* tool_store_opt -- one store option */
int tool_store_opt(const char *tool, const char *arg, struct spd_config *c)
{
	static const struct { const char *name; size_t off; } nums[] = {
		{ "--home-blocks", offsetof(struct spd_config, home_blocks) },
		{ "--meta-blocks", offsetof(struct spd_config, meta_blocks) },
		{ "--journal-blocks", offsetof(struct spd_config, journal_blocks) },
		{ "--nvm-blocks", offsetof(struct spd_config, nvm_blocks) },
		{ "--nvm-meta-blocks", offsetof(struct spd_config, nvm_meta_blocks) },
		{ "--ring-entries", offsetof(struct spd_config, ring_entries) },
		{ "--log-entries", offsetof(struct spd_config, log_entries) },
		{ "--dram-blocks", offsetof(struct spd_config, dram_blocks) },
	};
	const char *s;

	for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		int r = tool_u64(tool, arg, nums[i].name,
			(uint64_t *)((char *)c + nums[i].off));
		if (r)
			return r;
	}
	if (tool_str(arg, "--cache", &s)) {
		if (spd_cache_parse(s, &c->cache)) {
			fprintf(stderr, "%s: error: %s\n", tool, spd_errormsg());
			return -1;
		}
		return 1;
	}
	if (tool_str(arg, "--dev", &c->dev_path) || tool_str(arg, "--pool", &c->pool_path))
		return 1;
	if (!strcmp(arg, "--buffered")) {
		c->buffered = 1;
		return 1;
	}
	if (!strcmp(arg, "--read-fill")) {
		c->read_fill = 1;
		return 1;
	}
	if (!strcmp(arg, "--prefill")) {
		c->prefill = 1;
		return 1;
	}
	return 0;
}
