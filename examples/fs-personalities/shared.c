/* Memory shared by a run's worker processes: filebench keeps its file sets in shared memory for the same reason. */
#include "shared.h"

#include <sys/mman.h>

/* fsb_shared_alloc -- 'size' zeroed bytes that survive fork() as shared memory */
void *fsb_shared_alloc(size_t size)
{
	void *p = mmap(NULL, size ? size : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

/* fsb_shared_free -- releases what fsb_shared_alloc() returned */
void fsb_shared_free(void *p, size_t size)
{
	if (p)
		munmap(p, size ? size : 1);
}

/* fsb_shared_mutex_init -- a mutex usable by every process mapping it */
void fsb_shared_mutex_init(pthread_mutex_t *m)
{
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(m, &a);
	pthread_mutexattr_destroy(&a);
}

/* fsb_shared_cond_init -- a condition variable usable by every process mapping it */
void fsb_shared_cond_init(pthread_cond_t *c)
{
	pthread_condattr_t a;
	pthread_condattr_init(&a);
	pthread_condattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_cond_init(c, &a);
	pthread_condattr_destroy(&a);
}
