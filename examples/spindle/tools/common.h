/*
 * common.h -- what the spindle tools share: store options on the command
 * line, one-line errors, strict number parsing.
 */
#ifndef SPINDLE_TOOLS_COMMON_H
#define SPINDLE_TOOLS_COMMON_H

#include <stdint.h>

#include "spindle/spindle.h"

/* tool_store_opt -- 1 when arg is a store option (applied to *c), 0 when it
 * is not one, -1 (after printing the error) when its value is bad */
int tool_store_opt(const char *tool, const char *arg, struct spd_config *c);

/* tool_u64 -- parses "--name=N" into *v: 1 matched, 0 other option, -1 bad */
int tool_u64(const char *tool, const char *arg, const char *name, uint64_t *v);

/* tool_str -- "--name=S": 1 matched (*v points into arg), 0 other option */
int tool_str(const char *arg, const char *name, const char **v);

/* tool_die -- prints "<tool>: error: <msg>" and exits with 1 */
void tool_die(const char *tool, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/* tool_usage_store -- the store options' help text */
extern const char tool_store_help[];

#endif /* SPINDLE_TOOLS_COMMON_H */
