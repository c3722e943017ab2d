/* fsbench's command line: getopt_long into raw values, then defaults, --variant and overrides in that order. */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "backend.h"

enum opt_id {
	O_FILES = 256, O_DIR_WIDTH, O_MEAN_SIZE, O_SIZE_SHAPE, O_THREADS, O_IOSIZE, O_APPEND_SIZE, O_PREALLOC,
	O_DURATION, O_ITERATIONS, O_SEED, O_DIR, O_BACKEND, O_VARIANT, O_JSON, O_TRACE, O_KEEP, O_DESCRIBE,
	O_FILE_SIZE, O_RANDOM_BYTES, O_PROCESSES, O_ROTOR, O_HELP
};

static const struct option options[] = {
	{"files", required_argument, 0, O_FILES},         {"dir-width", required_argument, 0, O_DIR_WIDTH},
	{"mean-size", required_argument, 0, O_MEAN_SIZE}, {"size-shape", required_argument, 0, O_SIZE_SHAPE},
	{"threads", required_argument, 0, O_THREADS},     {"iosize", required_argument, 0, O_IOSIZE},
	{"append-size", required_argument, 0, O_APPEND_SIZE}, {"prealloc", required_argument, 0, O_PREALLOC},
	{"duration", required_argument, 0, O_DURATION},   {"iterations", required_argument, 0, O_ITERATIONS},
	{"seed", required_argument, 0, O_SEED},           {"dir", required_argument, 0, O_DIR},
	{"backend", required_argument, 0, O_BACKEND},     {"variant", required_argument, 0, O_VARIANT},
	{"json", required_argument, 0, O_JSON},           {"trace", required_argument, 0, O_TRACE},
	{"keep", no_argument, 0, O_KEEP},                 {"describe", required_argument, 0, O_DESCRIBE},
	{"file-size", required_argument, 0, O_FILE_SIZE}, {"random-bytes", required_argument, 0, O_RANDOM_BYTES},
	{"processes", required_argument, 0, O_PROCESSES}, {"rotor", required_argument, 0, O_ROTOR},
	{"help", no_argument, 0, O_HELP},                 {0, 0, 0, 0},
};

/* fsb_cli_usage -- the --help text */
const char *fsb_cli_usage(void)
{
	return "usage: fsbench PERSONALITY [options]     run fileserver, webserver, webproxy, varmail or micro\n"
	       "       fsbench --describe PERSONALITY [options]   print the effective parameters\n"
	       "  --dir DIR           where to work (default /tmp); DIR/bigfileset (micro: DIR/fsbench-micro)\n"
	       "                      must not exist, and is removed afterwards\n"
	       "  --files N           entries in the file set (micro: small files)\n"
	       "  --dir-width N       mean directory width (at least 2)\n"
	       "  --mean-size BYTES   mean file size, suffixes k, m, g (micro: the small files' size)\n"
	       "  --size-shape K      gamma shape of file sizes; 0 makes every file --mean-size\n"
	       "  --threads N         worker threads (in each process)\n"
	       "  --processes N       worker processes sharing the file set (default 1: threads only)\n"
	       "  --iosize BYTES      read and write chunk (micro: block size)\n"
	       "  --append-size BYTES appends and puts draw uniform [0, BYTES-1]\n"
	       "  --prealloc PCT      each entry exists at set-up with probability PCT/100\n"
	       "  --duration SEC      run time (default 60) | --iterations N  per thread\n"
	       "  --seed N            seed of every random draw (default 1)\n"
	       "  --rotor KIND        per-thread (default) or shared: one rotor per file set, as filebench 1.5\n"
	       "  --backend NAME      posix (default) or kvdir (webproxy as get/put/delete)\n"
	       "  --variant NAME      published (default), aerie or sanguo parameters; options override it\n"
	       "  --file-size BYTES   micro: the big file (default 1g)\n"
	       "  --random-bytes BYTES micro: random I/O and append volume (default 100m)\n"
	       "  --json FILE         the figures and parameters as JSON\n"
	       "  --trace FILE        one line per flowop: thread step kind set entry bytes\n"
	       "  --keep              leave the file set in place\n"
	       "exit: 0 success, 1 the run failed, 2 bad arguments\n";
}

/* parse_u64 -- (internal) a non-negative integer with an optional k/m/g suffix (powers of 1024) */
static int parse_u64(const char *s, int sizes, uint64_t *out)
{
	char *end;
	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || end == s)
		return -1;
	unsigned shift = 0;
	if (sizes && *end && strchr("kKmMgG", *end))
		shift = strchr("kK", *end) ? 10 : strchr("mM", *end) ? 20 : 30, end++;
	if (*end || (shift && v > (UINT64_MAX >> shift)))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

/* parse_real -- (internal) a finite non-negative real */
static int parse_real(const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= 0) || v > 1e12)
		return -1;
	*out = v;
	return 0;
}

#define NOPTS (O_HELP - O_FILES + 1)

struct raw {
	const char *value[NOPTS]; /* indexed by opt_id - O_FILES */
	const char *mode;
};

/* fail -- (internal) formats the one-line reason; returns FSB_CLI_ERROR */
static __attribute__((format(printf, 3, 4))) enum fsb_cli_action fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return FSB_CLI_ERROR;
}

/* collect -- (internal) getopt_long into raw strings; the mode comes from the operand or --describe */
static enum fsb_cli_action collect(int argc, char **argv, struct raw *r, int *describe, char *err, size_t len)
{
	opterr = 0;
	optind = 1;
	int c;
	while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
		if (c == '?')
			return fail(err, len, "unknown option '%s'", argv[optind - 1]);
		if (c == ':')
			return fail(err, len, "option '%s' needs a value", argv[optind - 1]);
		if (c == O_HELP)
			return FSB_CLI_HELP;
		r->value[c - O_FILES] = optarg ? optarg : "1";
	}
	if (optind < argc)
		r->mode = argv[optind++];
	if (optind < argc)
		return fail(err, len, "unexpected argument '%s'", argv[optind]);
	const char *d = r->value[O_DESCRIBE - O_FILES];
	*describe = d != NULL;
	if (d && r->mode && strcmp(d, r->mode) != 0)
		return fail(err, len, "--describe %s names another personality than '%s'", d, r->mode);
	if (d)
		r->mode = d;
	if (!r->mode)
		return fail(err, len, "no personality given (choose from %s)", fsb_personality_names());
	return FSB_CLI_RUN;
}

/* count_opt -- (internal) an integer option within [lo, hi], if given */
static int count_opt(const struct raw *r, int id, uint64_t lo, uint64_t hi, int sizes, uint64_t *out, char *err,
		     size_t len)
{
	const char *s = r->value[id - O_FILES];
	uint64_t v;
	if (!s)
		return 0;
	if (parse_u64(s, sizes, &v) != 0 || v < lo || v > hi) {
		fail(err, len, "--%s: '%s' is not %s from %llu to %llu", options[id - O_FILES].name, s,
		     sizes ? "a size" : "an integer", (unsigned long long)lo, (unsigned long long)hi);
		return -1;
	}
	*out = v;
	return 0;
}

/* apply_numbers -- (internal) the numeric overrides, each checked against its range */
static int apply_numbers(const struct raw *r, struct fsb_params *p, char *err, size_t len)
{
	uint64_t threads = p->threads, prealloc = p->prealloc, processes = p->processes;
	const uint64_t big = 1ULL << 40;
	if (count_opt(r, O_FILES, 1, 100000000, 0, &p->files, err, len) ||
	    count_opt(r, O_DIR_WIDTH, 2, 100000000, 0, &p->dir_width, err, len) ||
	    count_opt(r, O_MEAN_SIZE, 1, big, 1, &p->mean_size, err, len) ||
	    count_opt(r, O_THREADS, 1, 4096, 0, &threads, err, len) ||
	    count_opt(r, O_PROCESSES, 1, 256, 0, &processes, err, len) ||
	    count_opt(r, O_IOSIZE, 1, 1ULL << 30, 1, &p->iosize, err, len) ||
	    count_opt(r, O_APPEND_SIZE, 1, 1ULL << 30, 1, &p->append_size, err, len) ||
	    count_opt(r, O_PREALLOC, 0, 100, 0, &prealloc, err, len) ||
	    count_opt(r, O_ITERATIONS, 1, UINT64_MAX / 2, 0, &p->iterations, err, len) ||
	    count_opt(r, O_SEED, 0, UINT64_MAX, 0, &p->seed, err, len) ||
	    count_opt(r, O_FILE_SIZE, 1, big, 1, &p->file_size, err, len) ||
	    count_opt(r, O_RANDOM_BYTES, 1, big, 1, &p->random_bytes, err, len))
		return -1;
	p->threads = (unsigned)threads;
	p->processes = (unsigned)processes;
	p->prealloc = (unsigned)prealloc;
	const char *s = r->value[O_DURATION - O_FILES];
	if (s && (parse_real(s, &p->duration) != 0 || p->duration <= 0))
		return fail(err, len, "--duration: '%s' is not a positive number of seconds", s), -1;
	if ((s = r->value[O_SIZE_SHAPE - O_FILES]) && (parse_real(s, &p->size_shape) != 0 || p->size_shape > 1000))
		return fail(err, len, "--size-shape: '%s' is not a gamma shape from 0 (fixed) to 1000", s), -1;
	return 0;
}

/* Options that only one kind of run reads: giving them to the other is a mistake, not a no-op. */
static const int personality_only[] = {O_DIR_WIDTH, O_SIZE_SHAPE, O_THREADS, O_APPEND_SIZE, O_PREALLOC,
				       O_DURATION, O_ITERATIONS, O_TRACE, O_VARIANT, O_PROCESSES, O_ROTOR};
static const int micro_only[] = {O_FILE_SIZE, O_RANDOM_BYTES};

/* misplaced -- (internal) the first option of 'ids' that was given, or -1 */
static int misplaced(const struct raw *r, const int *ids, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (r->value[ids[i] - O_FILES])
			return ids[i];
	return -1;
}

/* check_output -- (internal) an output file's directory exists, so a long run does not end unable
 * to write its figures */
static int check_output(const char *opt, const char *path, char *err, size_t len)
{
	if (!path)
		return 0;
	char dir[4096];
	const char *slash = strrchr(path, '/');
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
	struct stat st;
	if (!dir[0])
		strcpy(dir, "/");
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return fail(err, len, "--%s '%s': directory '%s' does not exist", opt, path, dir), -1;
	return 0;
}

/* check_combination -- (internal) what no single option can judge alone */
static int check_combination(const struct raw *r, const struct fsb_params *p, char *err, size_t len)
{
	int id = p->pers ? misplaced(r, micro_only, sizeof(micro_only) / sizeof(micro_only[0]))
			 : misplaced(r, personality_only, sizeof(personality_only) / sizeof(personality_only[0]));
	if (id >= 0)
		return fail(err, len, "--%s does not apply to %s", options[id - O_FILES].name,
			    p->pers ? "a personality (it is a micro option)" : "micro"), -1;
	if (r->value[O_DURATION - O_FILES] && r->value[O_ITERATIONS - O_FILES])
		return fail(err, len, "give --duration or --iterations, not both"), -1;
	if (p->backend->kv && (!p->pers || !p->pers->kv_flow))
		return fail(err, len, "personality '%s' has no key-value form; --backend %s runs webproxy only", p->mode,
			    p->backend->name), -1;
	if (p->trace_path && p->processes > 1)
		return fail(err, len, "--trace needs --processes 1 (the trace file is written by one process)"), -1;
	if ((uint64_t)p->threads * p->processes > 4096)
		return fail(err, len, "--threads %u x --processes %u is more than 4096 workers", p->threads, p->processes), -1;
	if (!p->pers && p->file_size < p->iosize)
		return fail(err, len, "--file-size %llu is smaller than one --iosize block", (unsigned long long)p->file_size), -1;
	if (check_output("json", p->json_path, err, len) || check_output("trace", p->trace_path, err, len))
		return -1;
	struct stat st;
	if (stat(p->dir, &st) != 0)
		return fail(err, len, "--dir '%s': %s", p->dir, strerror(errno)), -1;
	if (!S_ISDIR(st.st_mode))
		return fail(err, len, "--dir '%s' is not a directory", p->dir), -1;
	return 0;
}

/* fsb_cli_parse -- fills 'p' from argv: defaults, then --variant, then the other options */
enum fsb_cli_action fsb_cli_parse(int argc, char **argv, struct fsb_params *p, char *err, size_t len)
{
	struct raw r = {0};
	int describe = 0;
	enum fsb_cli_action a = collect(argc, argv, &r, &describe, err, len);
	if (a != FSB_CLI_RUN)
		return a;
	if (fsb_params_defaults(p, r.mode) != 0)
		return fail(err, len, "unknown personality '%s' (choose from %s)", r.mode, fsb_personality_names());
	const char *s;
	if ((s = r.value[O_BACKEND - O_FILES]) && !(p->backend = fsb_backend_find(s)))
		return fail(err, len, "--backend: unknown backend '%s' (choose from %s)", s, fsb_backend_list());
	if ((s = r.value[O_VARIANT - O_FILES]) && fsb_params_variant(p, s) != 0)
		return fail(err, len, "--variant: unknown variant '%s' (choose from published, aerie, sanguo)", s);
	if (apply_numbers(&r, p, err, len) != 0)
		return FSB_CLI_ERROR;
	if ((s = r.value[O_ROTOR - O_FILES])) {
		if (strcmp(s, "shared") != 0 && strcmp(s, "per-thread") != 0)
			return fail(err, len, "--rotor: unknown kind '%s' (choose from per-thread, shared)", s);
		p->shared_rotor = strcmp(s, "shared") == 0;
	}
	if ((s = r.value[O_DIR - O_FILES]))
		p->dir = s;
	p->json_path = r.value[O_JSON - O_FILES];
	p->trace_path = r.value[O_TRACE - O_FILES];
	p->keep = r.value[O_KEEP - O_FILES] != NULL;
	if (check_combination(&r, p, err, len) != 0)
		return FSB_CLI_ERROR;
	return describe ? FSB_CLI_DESCRIBE : FSB_CLI_RUN;
}
