/* The flowops of fsbench, each as filebench runs it: picks by rotation, whole-file I/O in iosize chunks. */
#include "flowops.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "error.h"

/* trace -- (internal) with --trace, one line: thread, step, kind, set, entry, bytes */
static void trace(struct fsb_worker *w, const struct fsb_step *s, int64_t entry, uint64_t bytes)
{
	struct fsb_run *r = w->run;
	if (!r->trace)
		return;
	pthread_mutex_lock(&r->trace_lock);
	fprintf(r->trace, "%u %s %s %s %lld %llu\n", w->id, s->name, fsb_op_name(s->op),
		r->sets[s->set].name, (long long)entry, (unsigned long long)bytes);
	pthread_mutex_unlock(&r->trace_lock);
}

/* pick -- (internal) a rotor pick in the step's set */
static int64_t pick(struct fsb_worker *w, const struct fsb_step *s, enum fsb_pick want)
{
	return fsb_fileset_pick(&w->run->sets[s->set], w->id, want);
}

/* release -- (internal) ends a pick */
static void release(struct fsb_worker *w, const struct fsb_step *s, int64_t idx, int exists)
{
	fsb_fileset_release(&w->run->sets[s->set], (uint64_t)idx, exists);
}

/* path_of -- (internal) an entry's path (or key) */
static const char *path_of(struct fsb_worker *w, enum fsb_set set, int64_t idx)
{
	return w->run->sets[set].entries[idx].path;
}

/* open_entry -- (internal) createfile and openfile: pick, open, keep the descriptor in the slot */
static int open_entry(struct fsb_worker *w, const struct fsb_step *s, int create)
{
	const struct fsb_target *t = &w->run->target;
	int64_t idx = pick(w, s, create ? FSB_PICK_FREE : FSB_PICK_EXISTS);
	if (idx < 0)
		return FSB_NORSC;
	const char *path = path_of(w, s->set, idx);
	int fd = t->fs->open(t->ctx, path, create ? O_RDWR | O_CREAT : O_RDWR, 0644); /* as filebench */
	int saved = errno;
	release(w, s, idx, fd >= 0 || !create);
	if (fd < 0)
		return fsb_fail("cannot %s '%s': %s", create ? "create" : "open", path, strerror(saved));
	w->fds[s->fd] = (struct fsb_open_file){fd, idx, s->set};
	return 0;
}

/* slot -- (internal) the step's open descriptor, or -1 with fsb_fail() when the slot is closed */
static struct fsb_open_file *slot(struct fsb_worker *w, const struct fsb_step *s)
{
	struct fsb_open_file *f = &w->fds[s->fd];
	if (f->fd >= 0)
		return f;
	fsb_fail("flowop %s: descriptor %d is not open", s->name, s->fd);
	return NULL;
}

/* read_whole -- (internal) readwholefile: from offset 0 in iosize chunks until EOF */
static int read_whole(struct fsb_worker *w, const struct fsb_step *s, uint64_t *bytes)
{
	const struct fsb_target *t = &w->run->target;
	struct fsb_open_file *f = slot(w, s);
	if (!f)
		return -1;
	uint64_t iosize = w->run->p->iosize, off = 0;
	for (;;) {
		ssize_t n = t->fs->pread(t->ctx, f->fd, w->buf, iosize, (off_t)off);
		if (n < 0)
			return fsb_fail("cannot read '%s': %s", path_of(w, f->set, f->entry), strerror(errno));
		off += (uint64_t)n;
		if ((uint64_t)n < iosize)
			break;
	}
	*bytes = off;
	return 0;
}

/* write_whole -- (internal) writewholefile: the entry's size in iosize chunks from offset 0 */
static int write_whole(struct fsb_worker *w, const struct fsb_step *s, uint64_t *bytes)
{
	const struct fsb_target *t = &w->run->target;
	struct fsb_open_file *f = slot(w, s);
	if (!f)
		return -1;
	uint64_t size = w->run->sets[f->set].entries[f->entry].size;
	if (fsb_write_full(t, f->fd, w->buf, size, w->run->p->iosize) < 0)
		return fsb_fail("cannot write '%s': %s", path_of(w, f->set, f->entry), strerror(errno));
	*bytes = size;
	return 0;
}

/* append_rand -- (internal) appendfilerand: uniform [0, append size - 1] bytes at the end; the
 * log set's descriptor is opened on first use and kept, as filebench does */
static int append_rand(struct fsb_worker *w, const struct fsb_step *s, uint64_t *bytes)
{
	const struct fsb_target *t = &w->run->target;
	struct fsb_open_file *f = &w->fds[s->fd];
	if (f->fd < 0 && s->set == FSB_SET_LOG) {
		int rc = open_entry(w, s, 0);
		if (rc != 0)
			return rc;
	}
	if (!(f = slot(w, s)))
		return -1;
	uint64_t size = fsb_rng_below(&w->rng, w->run->p->append_size);
	*bytes = size;
	if (size > w->appended_max)
		w->appended_max = size;
	if (size == 0)
		return 0;
	if (t->fs->lseek(t->ctx, f->fd, 0, SEEK_END) < 0 || fsb_write_full(t, f->fd, w->buf, size, size) < 0)
		return fsb_fail("cannot append to '%s': %s", path_of(w, f->set, f->entry), strerror(errno));
	return 0;
}

/* close_slot -- (internal) closefile */
static int close_slot(struct fsb_worker *w, const struct fsb_step *s)
{
	const struct fsb_target *t = &w->run->target;
	struct fsb_open_file *f = slot(w, s);
	if (!f)
		return -1;
	int rc = t->fs->close(t->ctx, f->fd);
	f->fd = -1;
	if (rc != 0)
		return fsb_fail("cannot close '%s': %s", path_of(w, f->set, f->entry), strerror(errno));
	return 0;
}

/* on_existing -- (internal) deletefile, statfile and the key-value forms: pick an existing entry,
 * act on its path, record whether it still exists */
static int on_existing(struct fsb_worker *w, const struct fsb_step *s, int64_t *idx, uint64_t *bytes)
{
	const struct fsb_target *t = &w->run->target;
	if ((*idx = pick(w, s, FSB_PICK_EXISTS)) < 0)
		return FSB_NORSC;
	const char *path = path_of(w, s->set, *idx);
	struct stat st;
	size_t len = 0;
	int rc, removes = s->op == FSB_OP_DELETE || s->op == FSB_OP_KV_DELETE;
	if (s->op == FSB_OP_DELETE)
		rc = t->fs->unlink(t->ctx, path);
	else if (s->op == FSB_OP_STAT)
		rc = t->fs->stat(t->ctx, path, &st);
	else if (s->op == FSB_OP_KV_DELETE)
		rc = t->kv->del(t->ctx, path);
	else
		rc = t->kv->get(t->ctx, path, w->buf, w->bufsize, &len);
	int saved = errno;
	release(w, s, *idx, rc != 0 || !removes);
	if (rc != 0)
		return fsb_fail("%s '%s': %s", fsb_op_name(s->op), path, strerror(saved));
	*bytes = len;
	return 0;
}

/* kv_put -- (internal) put: a value of uniform [0, append size - 1] bytes under the next absent key */
static int kv_put(struct fsb_worker *w, const struct fsb_step *s, int64_t *idx, uint64_t *bytes)
{
	const struct fsb_target *t = &w->run->target;
	if ((*idx = pick(w, s, FSB_PICK_FREE)) < 0)
		return FSB_NORSC;
	uint64_t size = fsb_rng_below(&w->rng, w->run->p->append_size);
	if (size > w->appended_max)
		w->appended_max = size;
	int rc = t->kv->put(t->ctx, path_of(w, s->set, *idx), w->buf, size);
	int saved = errno;
	release(w, s, *idx, rc == 0);
	if (rc != 0)
		return fsb_fail("put '%s': %s", path_of(w, s->set, *idx), strerror(saved));
	*bytes = size;
	return 0;
}

/* fsb_step_run -- runs one flowop; 0, FSB_NORSC, or -1 with fsb_fail() */
int fsb_step_run(struct fsb_worker *w, const struct fsb_step *s, uint64_t *bytes)
{
	const struct fsb_target *t = &w->run->target;
	int64_t entry = -1;
	int rc;
	*bytes = 0;
	switch (s->op) {
	case FSB_OP_CREATE: rc = open_entry(w, s, 1); break;
	case FSB_OP_OPEN: rc = open_entry(w, s, 0); break;
	case FSB_OP_CLOSE: entry = w->fds[s->fd].entry; rc = close_slot(w, s); break;
	case FSB_OP_READ_WHOLE: rc = read_whole(w, s, bytes); break;
	case FSB_OP_WRITE_WHOLE: rc = write_whole(w, s, bytes); break;
	case FSB_OP_APPEND_RAND: rc = append_rand(w, s, bytes); break;
	case FSB_OP_FSYNC:
		rc = slot(w, s) ? t->fs->fsync(t->ctx, w->fds[s->fd].fd) : -1;
		if (rc != 0 && !fsb_failed())
			fsb_fail("cannot fsync '%s': %s", path_of(w, s->set, w->fds[s->fd].entry), strerror(errno));
		break;
	case FSB_OP_KV_PUT: rc = kv_put(w, s, &entry, bytes); break;
	default: rc = on_existing(w, s, &entry, bytes); break;
	}
	if (rc == 0 && entry < 0 && s->fd > 0)
		entry = w->fds[s->fd].entry;
	if (rc == 0)
		trace(w, s, entry, *bytes);
	return rc;
}

/* fsb_worker_close_all -- closes every open slot (keeping the log's, when asked) */
void fsb_worker_close_all(struct fsb_worker *w, int keep_log)
{
	const struct fsb_target *t = &w->run->target;
	for (int i = 0; i < FSB_MAX_FD; i++) {
		struct fsb_open_file *f = &w->fds[i];
		if (f->fd < 0 || (keep_log && f->set == FSB_SET_LOG))
			continue;
		t->fs->close(t->ctx, f->fd);
		f->fd = -1;
	}
}
