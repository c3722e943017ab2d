/*
 * pool-open-fuzzer.c -- libFuzzer target: corrupted pool images through
 * pms_pool_open and recovery, then through every read the shim's API offers
 * (roots, heap walk, one transaction), under AddressSanitizer.
 *
 * An input is a list of patches applied to a valid template pool made at
 * start-up: [u32 little-endian offset][u8 length][length bytes] ...; a first
 * byte of 0xff instead truncates the image at the offset of the first patch.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pmem_shim.h>

#define POOL_SIZE ((size_t)8 << 20)

static uint8_t *tmpl, *img;
static char tmpl_path[256], work_path[256];

/* make_template -- a small valid pool with roots, objects and a list */
static void make_template(void)
{
	struct pms_pool_opts o = { 0, POOL_SIZE, 0 };
	struct cell { long v; struct cell *next; } *head = NULL;
	pms_pool *p;
	int fd;

	unlink(tmpl_path);
	p = pms_pool_open(tmpl_path, PMS_CREATE, &o);
	if (!p) {
		fprintf(stderr, "fuzzer: cannot create template: %s\n",
			pms_errormsg());
		abort();
	}
	pms_tx_begin();
	for (long i = 0; i < 16; i++) {
		struct cell *c = pms_malloc(sizeof(*c));
		c->v = i;
		c->next = head;
		head = c;
	}
	pms_root_set("list", head);
	pms_root_set("name", pms_strdup("template"));
	pms_tx_commit();
	pms_pool_close(p);
	tmpl = malloc(POOL_SIZE);
	img = malloc(POOL_SIZE);
	fd = open(tmpl_path, O_RDONLY);
	if (fd < 0 || read(fd, tmpl, POOL_SIZE) != (ssize_t)POOL_SIZE)
		abort();
	close(fd);
}

/* LLVMFuzzerInitialize -- builds the template once per process */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("PMS_FUZZ_DIR") ? getenv("PMS_FUZZ_DIR")
		: "/dev/shm";
	(void)argc, (void)argv;
	snprintf(tmpl_path, sizeof(tmpl_path), "%s/pms-fuzz-tmpl.%d", dir,
		(int)getpid());
	snprintf(work_path, sizeof(work_path), "%s/pms-fuzz-work.%d", dir,
		(int)getpid());
	setenv("PMEM_IS_PMEM_FORCE", "1", 1);
	setenv("PMS_POOL_CHECK_MS", "3000", 0);   /* PMDK's checker can loop */
	/* a damaged pool that says it was closed cleanly is only caught by the
	 * check a user asks for; damage after a crash is checked by default */
	setenv("PMS_POOL_CHECK", "1", 0);
	make_template();
	unlink(tmpl_path);
	return 0;
}

/* apply -- patches img; returns the image length to write */
static size_t apply(const uint8_t *d, size_t n)
{
	size_t len = POOL_SIZE;
	int truncate = n > 0 && d[0] == 0xff;

	memcpy(img, tmpl, POOL_SIZE);
	if (truncate)
		d++, n--;
	while (n >= 5) {
		uint32_t off;
		memcpy(&off, d, 4);
		size_t k = d[4];
		d += 5, n -= 5;
		if (k > n)
			k = n;
		off %= POOL_SIZE;
		if (truncate) {
			len = off;
			truncate = 0;
		}
		if (k > POOL_SIZE - off)
			k = POOL_SIZE - off;
		memcpy(img + off, d, k);
		d += k, n -= k;
	}
	return len;
}

/* touch -- reads every byte of an object (ASan checks the bounds) */
static void touch(void *obj, size_t size, void *arg)
{
	volatile uint8_t *b = obj;
	uint8_t x = 0;
	for (size_t i = 0; i < size; i++)
		x ^= b[i];
	*(uint8_t *)arg ^= x;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len = apply(data, size);
	int fd = open(work_path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	uint8_t sink = 0;
	pms_pool *p;

	if (fd < 0 || write(fd, img, len) != (ssize_t)len)
		abort();
	close(fd);
	p = pms_pool_open(work_path, 0, NULL);
	if (p) {
		long *v = pms_root_get("list");
		(void)pms_root_get("name");
		pms_heap_walk(touch, &sink);
		if (v && pms_is_persistent(v) && pms_tx_begin() == 0) {
			pms_tx_add_range(v, sizeof(*v));
			pms_tx_abort();
		}
		pms_pool_close(p);
	} else if (pms_errormsg()[0] == '\0') {
		abort();   /* a failure must always explain itself */
	}
	unlink(work_path);
	return 0;
}
