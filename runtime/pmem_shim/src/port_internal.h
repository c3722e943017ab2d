/*
 * port_internal.h -- what the port API's two files (port.c, port_values.c)
 * share: the process's port state, the two ways it stops, and the value roots'
 * entry points.
 */
#ifndef PMS_PORT_INTERNAL_H
#define PMS_PORT_INTERNAL_H

#pragma GCC visibility push(hidden) /* internal.h */

extern int port_opened;          /* pms_port_open succeeded */
extern int port_loading;         /* cold start until pms_port_loaded */
extern __thread int port_in_op;  /* this thread is inside an operation */

/* prints "pmem_shim: <message>" and aborts */
__attribute__((noreturn, format(printf, 1, 2))) void port_abort(const char *fmt, ...);
/* prints "<program>: pmem_shim: <message>" and exits with 1 */
__attribute__((noreturn, format(printf, 1, 2))) void port_exit(const char *fmt, ...);

/* port_values.c */
void values_resolve_tracked(void);  /* at pms_port_open, after the constructors */
void values_restore(void);          /* warm start: the globals take their saved bytes */
int values_save(void);              /* inside the loading transaction: first pool copies */
void values_sync(void);             /* before an operation commits: what it changed */

#pragma GCC visibility pop

#endif /* PMS_PORT_INTERNAL_H */
