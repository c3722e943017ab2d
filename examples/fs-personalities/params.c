/* fsbench's effective parameters: published defaults, the papers' variants, and their listing. */
#include "backend.h"
#include "flow.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MB (1024ULL * 1024ULL)

/* fsb_params_defaults -- fills 'p' with the published defaults of 'mode'; -1 if unknown */
int fsb_params_defaults(struct fsb_params *p, const char *mode)
{
	memset(p, 0, sizeof(*p));
	p->mode = mode;
	p->variant = "published";
	p->duration = 60; /* filebench's "run 60" */
	p->seed = 1;
	p->processes = 1;
	p->dir = "/tmp"; /* the workload files' $dir */
	p->backend = fsb_backend_find("posix");
	if (strcmp(mode, "micro") == 0) {
		/* Aerie's Table 2: 1 GB file, 100 MB random, 1,024 files of 4 KB, 4 KB buffers. */
		p->files = 1024;
		p->iosize = 4096;
		p->mean_size = 4096;
		p->file_size = 1024 * MB;
		p->random_bytes = 100 * MB;
		p->threads = 1;
		return 0;
	}
	p->pers = fsb_personality_find(mode);
	if (!p->pers)
		return -1;
	const struct fsb_defaults *d = &p->pers->defaults;
	p->files = d->files;
	p->dir_width = d->dir_width;
	p->mean_size = d->mean_size;
	p->size_shape = d->size_shape;
	p->threads = d->threads;
	p->iosize = d->iosize;
	p->append_size = d->append_size;
	p->prealloc = d->prealloc;
	return 0;
}

/* variant_aerie -- (internal) the Aerie paper's Figure 2 settings and its authors' thread counts */
static void variant_aerie(struct fsb_params *p)
{
	const char *m = p->mode;
	if (strcmp(m, "fileserver") == 0) {
		p->files = 10000, p->dir_width = 20, p->threads = 1;
	} else if (strcmp(m, "webserver") == 0) {
		p->files = 10000, p->dir_width = 20, p->threads = 4;
	} else if (strcmp(m, "webproxy") == 0) {
		p->files = 1000, p->dir_width = 1500;
		p->threads = p->backend && p->backend->kv ? 4 : 1;
	} else if (strcmp(m, "varmail") == 0) {
		p->threads = 8;
	}
}

/* variant_sanguo -- (internal) SanGuo's Table I: 512 B I/O, 8 K files (of 8-32 K), 8 threads */
static void variant_sanguo(struct fsb_params *p)
{
	if (!p->pers)
		return;
	p->iosize = 512;
	p->files = 8192;
	p->threads = 8;
}

/* fsb_params_variant -- applies a paper's variant; -1 if unknown */
int fsb_params_variant(struct fsb_params *p, const char *variant)
{
	if (strcmp(variant, "published") == 0)
		;
	else if (strcmp(variant, "aerie") == 0)
		variant_aerie(p);
	else if (strcmp(variant, "sanguo") == 0)
		variant_sanguo(p);
	else
		return -1;
	p->variant = variant;
	return 0;
}

/* fsb_params_flow -- the steps 'p' runs (the key-value flow with a key-value backend) */
const struct fsb_step *fsb_params_flow(const struct fsb_params *p, size_t *len)
{
	if (p->backend->kv) {
		*len = p->pers->kv_flow_len;
		return p->pers->kv_flow;
	}
	*len = p->pers->flow_len;
	return p->pers->flow;
}

/* add -- (internal) appends one formatted field */
static __attribute__((format(printf, 5, 6))) size_t add(struct fsb_field *out, size_t n, const char *key, int is_text, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	out[n].key = key;
	out[n].is_text = is_text;
	vsnprintf(out[n].value, sizeof(out[n].value), fmt, ap);
	va_end(ap);
	return n + 1;
}

/* fsb_params_fields -- the effective parameters in a fixed order; returns their count */
size_t fsb_params_fields(const struct fsb_params *p, struct fsb_field *out)
{
	size_t n = 0;
	n = add(out, n, "personality", 1, "%s", p->mode);
	n = add(out, n, "variant", 1, "%s", p->variant);
	n = add(out, n, "backend", 1, "%s", p->backend->name);
	n = add(out, n, "dir", 1, "%s", p->dir);
	n = add(out, n, "files", 0, "%llu", (unsigned long long)p->files);
	if (p->pers) {
		n = add(out, n, "dir_width", 0, "%llu", (unsigned long long)p->dir_width);
		n = add(out, n, "size_distribution", 1, "%s", p->size_shape > 0 ? "gamma" : "fixed");
	}
	n = add(out, n, "mean_size", 0, "%llu", (unsigned long long)p->mean_size);
	if (p->pers)
		n = add(out, n, "gamma_shape", 0, "%g", p->size_shape);
	if (p->pers)
		n = add(out, n, "processes", 0, "%u", p->processes);
	n = add(out, n, "threads", 0, "%u", p->threads);
	n = add(out, n, "iosize", 0, "%llu", (unsigned long long)p->iosize);
	if (p->pers) {
		n = add(out, n, "append_size", 0, "%llu", (unsigned long long)p->append_size);
		n = add(out, n, "prealloc", 0, "%u", p->prealloc);
		n = add(out, n, "log_file", 0, "%d", p->pers->has_log);
		n = add(out, n, "rotor", 1, "%s", p->shared_rotor ? "shared" : "per-thread");
	} else {
		n = add(out, n, "file_size", 0, "%llu", (unsigned long long)p->file_size);
		n = add(out, n, "random_bytes", 0, "%llu", (unsigned long long)p->random_bytes);
	}
	if (p->iterations)
		n = add(out, n, "iterations", 0, "%llu", (unsigned long long)p->iterations);
	else if (p->pers)
		n = add(out, n, "duration", 0, "%g", p->duration);
	n = add(out, n, "seed", 0, "%llu", (unsigned long long)p->seed);
	return n;
}
