/* Memory that the worker processes of one run share (anonymous MAP_SHARED), and locks that work in it. */
#ifndef FSB_SHARED_H
#define FSB_SHARED_H

#include <pthread.h>
#include <stddef.h>

/* fsb_shared_alloc -- 'size' zeroed bytes that survive fork() as shared memory; NULL on failure */
void *fsb_shared_alloc(size_t size);
/* fsb_shared_free -- releases what fsb_shared_alloc() returned (NULL is ignored) */
void fsb_shared_free(void *p, size_t size);
/* fsb_shared_mutex_init -- a mutex usable by every process mapping it */
void fsb_shared_mutex_init(pthread_mutex_t *m);
/* fsb_shared_cond_init -- a condition variable usable by every process mapping it */
void fsb_shared_cond_init(pthread_cond_t *c);

#endif
