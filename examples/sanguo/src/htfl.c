/*
 * htfl.c -- the sorted free-slot list with its block map (see htfl.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "htfl.h"

/* htfl_init -- an empty list */
void htfl_init(struct htfl *f, uint32_t spb)
{
	memset(f, 0, sizeof *f);
	f->slots_per_block = spb;
}

/* htfl_free -- frees everything */
void htfl_free(struct htfl *f)
{
	for (struct htfl_range *r = f->head, *n; r; r = n) {
		n = r->next;
		free(r);
	}
	free(f->first);
	free(f->nonempty);
	htfl_init(f, f->slots_per_block);
}

/* htfl_mark -- keeps the nonempty bit of block b in step with first[b] */
static void htfl_mark(struct htfl *f, uint32_t b)
{
	if (f->first[b])
		f->nonempty[b / 64] |= 1ULL << (b % 64);
	else
		f->nonempty[b / 64] &= ~(1ULL << (b % 64));
}

/* htfl_link_after -- links r after p (p NULL: at the head) */
static void htfl_link_after(struct htfl *f, struct htfl_range *p, struct htfl_range *r)
{
	r->prev = p;
	r->next = p ? p->next : f->head;
	if (r->next)
		r->next->prev = r;
	else
		f->tail = r;
	if (p)
		p->next = r;
	else
		f->head = r;
}

/* htfl_unlink -- takes r out of the list and frees it, fixing first[] */
static void htfl_unlink(struct htfl *f, struct htfl_range *r)
{
	uint32_t b = r->start / f->slots_per_block;

	if (f->first[b] == r) {
		f->first[b] = r->next && r->next->start / f->slots_per_block == b ? r->next : NULL;
		htfl_mark(f, b);
	}
	if (r->prev)
		r->prev->next = r->next;
	else
		f->head = r->next;
	if (r->next)
		r->next->prev = r->prev;
	else
		f->tail = r->prev;
	free(r);
}

/* htfl_new -- a range of one slot */
static struct htfl_range *htfl_new(uint32_t s)
{
	struct htfl_range *r = calloc(1, sizeof *r);

	if (r) {
		r->start = s;
		r->len = 1;
	}
	return r;
}

/* htfl_add_block -- grows the block map by one block */
int htfl_add_block(struct htfl *f, int all_free)
{
	uint32_t b = f->nblocks;

	if (b == f->cap) {
		uint32_t cap = f->cap ? f->cap * 2 : 64;
		struct htfl_range **first = realloc(f->first, cap * sizeof *first);
		uint64_t *ne;

		if (!first)
			return -1;
		f->first = first;
		ne = realloc(f->nonempty, cap / 64 * sizeof *ne);
		if (!ne)
			return -1;
		f->nonempty = ne;
		memset(f->first + f->cap, 0, (cap - f->cap) * sizeof *first);
		memset(f->nonempty + f->cap / 64, 0, (cap - f->cap) / 64 * sizeof *ne);
		f->cap = cap;
	}
	f->nblocks++;
	if (all_free) {
		if (htfl_append(f, b * f->slots_per_block) != 0)
			return -1;
		f->tail->len = f->slots_per_block;
		f->nfree += f->slots_per_block - 1;
	}
	return 0;
}

/* htfl_append -- a free slot above every other, in a known block */
int htfl_append(struct htfl *f, uint32_t s)
{
	uint32_t b = s / f->slots_per_block;
	struct htfl_range *t = f->tail, *r;

	if (t && t->start + t->len == s && t->start / f->slots_per_block == b) {
		t->len++;
		f->nfree++;
		return 0;
	}
	r = htfl_new(s);
	if (!r)
		return -1;
	htfl_link_after(f, f->tail, r);
	if (!f->first[b]) {
		f->first[b] = r;
		htfl_mark(f, b);
	}
	f->nfree++;
	return 0;
}

/* htfl_take -- the head slot */
uint32_t htfl_take(struct htfl *f)
{
	struct htfl_range *r = f->head;
	uint32_t s;

	if (!r)
		return UINT32_MAX;
	s = r->start;
	f->nfree--;
	if (r->len == 1) {
		htfl_unlink(f, r);   /* before start moves: it names the block */
	} else {
		r->start++;
		r->len--;
	}
	return s;
}

/* htfl_last_before -- the last range of the nearest block below b that has
 * one, or NULL */
static struct htfl_range *htfl_last_before(const struct htfl *f, uint32_t b)
{
	for (uint32_t w = b / 64 + 1; w-- > 0;) {
		uint64_t m = f->nonempty[w];

		if (w == b / 64)
			m &= (1ULL << (b % 64)) - 1;
		if (m) {
			uint32_t pb = w * 64 + 63 - (uint32_t)__builtin_clzll(m);
			struct htfl_range *r = f->first[pb];

			while (r->next && r->next->start / f->slots_per_block == pb)
				r = r->next;
			return r;
		}
	}
	return NULL;
}

/* htfl_put -- frees slot s back into the list, in order */
int htfl_put(struct htfl *f, uint32_t s)
{
	uint32_t b = s / f->slots_per_block;
	struct htfl_range *p = NULL, *q, *r;

	/* p: the last range of block b starting below s; q: the one after it */
	for (q = f->first[b]; q && q->start / f->slots_per_block == b && q->start < s; q = q->next)
		p = q;
	if (!p)
		p = f->first[b] ? f->first[b]->prev : htfl_last_before(f, b);
	q = p ? p->next : f->head;
	int q_here = q && q->start / f->slots_per_block == b;
	int p_here = p && p->start / f->slots_per_block == b;

	f->nfree++;
	if (p_here && p->start + p->len == s) {
		p->len++;
		if (q_here && q->start == s + 1) {   /* s joined two ranges */
			p->len += q->len;
			htfl_unlink(f, q);
		}
		return 0;
	}
	if (q_here && q->start == s + 1) {
		q->start--;
		q->len++;
		return 0;
	}
	r = htfl_new(s);
	if (!r) {
		f->nfree--;
		return -1;
	}
	htfl_link_after(f, p, r);
	if (!p_here) {
		f->first[b] = r;
		htfl_mark(f, b);
	}
	return 0;
}

/* htfl_find -- the range holding s, or NULL */
static struct htfl_range *htfl_find(const struct htfl *f, uint32_t s)
{
	uint32_t b = s / f->slots_per_block;

	if (b >= f->nblocks)
		return NULL;
	for (struct htfl_range *r = f->first[b]; r && r->start / f->slots_per_block == b;
	     r = r->next)
		if (s >= r->start && s < r->start + r->len)
			return r;
	return NULL;
}

/* htfl_contains -- s is free in the list */
int htfl_contains(const struct htfl *f, uint32_t s)
{
	return htfl_find(f, s) != NULL;
}

/* htfl_remove -- takes a free slot out (splitting its range) */
int htfl_remove(struct htfl *f, uint32_t s)
{
	struct htfl_range *r = htfl_find(f, s), *t;

	if (!r)
		return -1;
	f->nfree--;
	if (r->len == 1) {
		htfl_unlink(f, r);
	} else if (s == r->start) {
		r->start++;
		r->len--;
	} else if (s == r->start + r->len - 1) {
		r->len--;
	} else {
		t = htfl_new(s + 1);
		if (!t) {
			f->nfree++;
			return -1;
		}
		t->len = r->start + r->len - (s + 1);
		r->len = s - r->start;
		htfl_link_after(f, r, t);
	}
	return 0;
}
