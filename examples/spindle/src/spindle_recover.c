/*
 * spindle_recover.c -- Spindle's crash recovery: check the ring buffer's
 * persistent pointers, undo the interrupted transaction (data cache entries
 * from the ring, metadata sub-blocks from the log), retire its id, and
 * rebuild the DRAM indexes from NVM.
 */
#include <errno.h>
#include <string.h>

#include "spindle_layout.h"

/* sp_inflight_entries -- ring entries of transaction txid from head on */
static uint32_t sp_inflight_entries(const struct spindle *s, uint32_t txid)
{
	uint32_t n = 0, nring = (uint32_t)s->hdr->nring, head = sp_head(s->hdr);

	while (n < nring - 1 && s->ring[(head + n) % nring].txid == txid)
		n++;
	return n;
}

/* sp_check_pointers -- refuses head/tail values the ring cannot have */
static int sp_check_pointers(struct spd_store *st, struct spindle *s, uint32_t n)
{
	uint64_t nring = s->hdr->nring, head = sp_head(s->hdr), tail = s->hdr->tail;

	if (head >= nring || tail >= nring)
		return spd_err(EUCLEAN, "NVM pool '%s': ring-buffer %s %llu is outside the ring "
			"of %llu entries; refusing to recover", st->cfg.pool_path,
			head >= nring ? "head" : "tail",
			(unsigned long long)(head >= nring ? head : tail),
			(unsigned long long)nring);
	if (tail != head && tail != (head + n) % nring)
		return spd_err(EUCLEAN, "NVM pool '%s': ring-buffer tail %llu does not match "
			"head %llu and the %u entries of the interrupted transaction; refusing to "
			"recover", st->cfg.pool_path, (unsigned long long)tail,
			(unsigned long long)head, n);
	return 0;
}

/* sp_revert_data -- points each data entry of the ring back at its old block */
static int sp_revert_data(struct spd_store *st, struct spindle *s, uint32_t n)
{
	uint32_t nring = (uint32_t)s->hdr->nring, head = sp_head(s->hdr);

	if (nvc_rebuild(&s->data) < 0)
		return -1;
	for (uint32_t i = n; i-- > 0;) {
		struct sp_ring *r = &s->ring[(head + i) % nring];
		int e = nvix_find(&s->data.x, r->disk - 1);
		struct nvc_entry *en;
		if (e < 0)
			continue;  /* the crash came before its entry changed */
		en = nvc_entry(&s->data, (uint32_t)e);
		if (r->old != SPD_NONE32)
			nvm_store64(&en->nvm, r->old);
		else
			nvm_store64(&en->disk, 0);
		nvm_flush(en, sizeof *en);
		st->rec.entries_reverted++;
	}
	return 0;
}

/* sp_revert_meta -- restores the sub-blocks the log holds for txid */
static int sp_revert_meta(struct spd_store *st, struct spindle *s, uint32_t txid)
{
	if (nvc_rebuild(&s->meta) < 0)
		return -1;
	for (uint64_t k = 0; k < s->hdr->nlog; k++) {
		struct sp_log *l = &s->log[k];
		int e;
		if (l->txid != txid || l->crc != sp_log_crc(l) || l->sub >= SPD_BLOCK / SPD_SUB)
			continue;  /* older, or torn: its in-place update never began */
		e = nvix_find(&s->meta.x, l->disk - 1);
		if (e < 0)
			return spd_err(EUCLEAN, "NVM pool '%s': metadata log entry %llu names block "
				"%llu, which is not in the metadata cache; refusing to recover",
				st->cfg.pool_path, (unsigned long long)k,
				(unsigned long long)l->disk - 1);
		unsigned char *dst = nvc_block(&s->meta, nvc_entry(&s->meta, (uint32_t)e)->nvm) +
			(size_t)l->sub * SPD_SUB;
		nvm_write(dst, l->old, SPD_SUB);
		nvm_flush(dst, SPD_SUB);
		st->rec.entries_reverted++;
	}
	return 0;
}

/* spindle_recover -- undoes the interrupted transaction and rebuilds the index */
int spindle_recover(struct spd_store *st, struct spindle *s)
{
	uint32_t txid = sp_txid(s->hdr) + 1, n = sp_inflight_entries(s, txid);
	uint64_t before = st->rec.entries_reverted;
	int nd, nm;

	if (sp_check_pointers(st, s, n) || sp_revert_data(st, s, n) ||
	    sp_revert_meta(st, s, txid))
		return -1;
	nvm_fence();
	if (st->rec.entries_reverted > before)
		st->rec.rolled_back = 1;
	/* tail first: a crash before the commit word is then recovered again */
	nvm_store64(&s->hdr->tail, sp_head(s->hdr));
	nvm_persist(&s->hdr->tail, 8);
	nvm_store64(&s->hdr->commit, (uint64_t)txid << 32 | sp_head(s->hdr));
	nvm_persist(&s->hdr->commit, 8);
	if ((nd = nvc_rebuild(&s->data)) < 0 || (nm = nvc_rebuild(&s->meta)) < 0)
		return -1;
	st->rec.index_entries = (uint64_t)(nd + nm);
	return 0;
}
