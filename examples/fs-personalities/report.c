/* fsbench's outputs for a personality run: the human table and the JSON file, plus --describe. */
#include "report.h"

#include <errno.h>
#include <string.h>

#include "backend.h"
#include "error.h"

/* MB as filebench reports it: 2^20 bytes. */
#define MB_BYTES 1048576.0

/* per_second -- (internal) a count over the run's duration */
static double per_second(double x, double seconds)
{
	return seconds > 0 ? x / seconds : 0;
}

/* mean_us -- (internal) mean latency of a stat in microseconds */
static double mean_us(const struct fsb_stat *s)
{
	return s->ops ? (double)s->ns / (double)s->ops / 1e3 : 0;
}

/* table_row -- (internal) one line of the table */
static void table_row(FILE *out, const char *name, const struct fsb_stat *s, double seconds)
{
	fprintf(out, "%-18s %12llu %12.1f %10.2f %10.2f %8llu\n", name, (unsigned long long)s->ops,
		per_second((double)s->ops, seconds), per_second((double)s->bytes / MB_BYTES, seconds), mean_us(s),
		(unsigned long long)s->norsc);
}

/* fsb_report_table -- prints a personality run's table */
void fsb_report_table(FILE *out, const struct fsb_params *p, const struct fsb_result *res)
{
	fprintf(out, "fsbench %s (%s): backend %s on %s, %u process%s x %u thread%s, %.2f s, seed %llu\n", p->mode,
		p->variant, p->backend->name, p->dir, p->processes, p->processes == 1 ? "" : "es", p->threads,
		p->threads == 1 ? "" : "s", res->seconds, (unsigned long long)p->seed);
	fprintf(out, "%-18s %12s %12s %10s %10s %8s\n", "flowop", "ops", "ops/s", "MB/s", "mean us", "no-entry");
	for (size_t i = 0; i < res->flow_len; i++)
		table_row(out, res->flow[i].name, &res->steps[i], res->seconds);
	table_row(out, "total", &res->total, res->seconds);
	double iter_us = res->iterations ? (double)res->iteration_ns / (double)res->iterations / 1e3 : 0;
	fprintf(out, "iterations: %llu complete, %llu cut short (no entry to pick); mean iteration latency %.2f us\n",
		(unsigned long long)res->iterations, (unsigned long long)res->skipped_iterations, iter_us);
	if (res->stopped_early)
		fprintf(out, "run stopped early: flowop %s could not obtain a file (as filebench does); raise --files "
			     "or --prealloc, or shorten the run\n", res->stopped_early);
	fprintf(out, "file set: %llu entries, %llu directories, depth %u, %llu preallocated (%.1f %%), set-up %.2f s\n",
		(unsigned long long)res->entries, (unsigned long long)res->dirs, res->depth,
		(unsigned long long)res->prealloc_entries,
		res->entries ? 100.0 * (double)res->prealloc_entries / (double)res->entries : 0, res->setup_seconds);
}

/* fsb_json_string -- writes 's' as a JSON string */
void fsb_json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* fsb_json_parameters -- writes '"parameters": {...}' */
void fsb_json_parameters(FILE *out, const struct fsb_params *p)
{
	struct fsb_field f[FSB_MAX_FIELDS];
	size_t n = fsb_params_fields(p, f);
	fprintf(out, "  \"parameters\": {\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "    \"%s\": ", f[i].key);
		if (f[i].is_text)
			fsb_json_string(out, f[i].value);
		else
			fputs(f[i].value, out);
		fprintf(out, "%s\n", i + 1 < n ? "," : "");
	}
	fprintf(out, "  }");
}

/* fsb_describe -- prints the effective parameters, one "key: value" a line */
void fsb_describe(FILE *out, const struct fsb_params *p)
{
	struct fsb_field f[FSB_MAX_FIELDS];
	size_t n = fsb_params_fields(p, f);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s: %s\n", f[i].key, f[i].value);
	if (!p->pers)
		return;
	size_t len;
	const struct fsb_step *flow = fsb_params_flow(p, &len);
	fprintf(out, "flow:");
	for (size_t i = 0; i < len; i++)
		fprintf(out, " %s", fsb_op_name(flow[i].op));
	fprintf(out, "\n");
}

/* json_stat -- (internal) the figures of one stat as JSON members */
static void json_stat(FILE *out, const struct fsb_stat *s, double seconds)
{
	fprintf(out, "\"ops\": %llu, \"bytes\": %llu, \"ops_per_second\": %.3f, \"mb_per_second\": %.3f, "
		     "\"mean_latency_us\": %.3f, \"no_entry\": %llu",
		(unsigned long long)s->ops, (unsigned long long)s->bytes, per_second((double)s->ops, seconds),
		per_second((double)s->bytes / MB_BYTES, seconds), mean_us(s), (unsigned long long)s->norsc);
}

/* json_body -- (internal) everything after the parameters */
static void json_body(FILE *out, const struct fsb_result *res)
{
	double iter_us = res->iterations ? (double)res->iteration_ns / (double)res->iterations / 1e3 : 0;
	fprintf(out, "  \"seconds\": %.6f,\n  \"setup_seconds\": %.6f,\n", res->seconds, res->setup_seconds);
	fprintf(out, "  \"fileset\": {\"entries\": %llu, \"directories\": %llu, \"depth\": %u, \"preallocated\": %llu},\n",
		(unsigned long long)res->entries, (unsigned long long)res->dirs, res->depth,
		(unsigned long long)res->prealloc_entries);
	fprintf(out, "  \"iterations\": %llu,\n  \"skipped_iterations\": %llu,\n  \"iteration_latency_us\": %.3f,\n",
		(unsigned long long)res->iterations, (unsigned long long)res->skipped_iterations, iter_us);
	fprintf(out, "  \"stopped_early\": ");
	if (res->stopped_early)
		fsb_json_string(out, res->stopped_early);
	else
		fputs("null", out);
	fprintf(out, ",\n  \"max_append\": %llu,\n  \"flowops\": [\n", (unsigned long long)res->appended_max);
	for (size_t i = 0; i < res->flow_len; i++) {
		fprintf(out, "    {\"name\": ");
		fsb_json_string(out, res->flow[i].name);
		fprintf(out, ", \"kind\": \"%s\", ", fsb_op_name(res->flow[i].op));
		json_stat(out, &res->steps[i], res->seconds);
		fprintf(out, "}%s\n", i + 1 < res->flow_len ? "," : "");
	}
	fprintf(out, "  ],\n  \"kinds\": {\n");
	int first = 1;
	for (int k = 0; k < FSB_OP_COUNT; k++) {
		if (!res->kinds[k].ops && !res->kinds[k].norsc)
			continue;
		fprintf(out, "%s    \"%s\": {", first ? "" : ",\n", fsb_op_name((enum fsb_op)k));
		json_stat(out, &res->kinds[k], res->seconds);
		fprintf(out, "}");
		first = 0;
	}
	fprintf(out, "\n  },\n  \"total\": {");
	json_stat(out, &res->total, res->seconds);
	fprintf(out, "}\n");
}

/* fsb_report_json -- writes a personality run's figures and parameters to 'path' */
int fsb_report_json(const char *path, const struct fsb_params *p, const struct fsb_result *res)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return fsb_fail("cannot write '%s': %s", path, strerror(errno));
	fprintf(out, "{\n  \"schema\": 1,\n");
	fsb_json_parameters(out, p);
	fprintf(out, ",\n");
	json_body(out, res);
	fprintf(out, "}\n");
	if (fclose(out) != 0)
		return fsb_fail("cannot write '%s': %s", path, strerror(errno));
	return 0;
}
