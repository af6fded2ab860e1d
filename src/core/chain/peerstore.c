/*
 * peerstore.c - the address book and the ban list in <datadir>/peers/
 * (peerstore.h has the schema).
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "core/chain/peerstore.h"
#include "core/chain/store.h"

enum {
	PDB_META_ = 0,
	PDB_ADDRESSES_,
	PDB_BANS_,
	PDB_COUNT_
};

/* The databases as store.h addresses those of another environment. */
#define PDB_ADDRESSES ((enum zen_store_db)PDB_ADDRESSES_)
#define PDB_BANS ((enum zen_store_db)PDB_BANS_)

static const char *const pdb_names[PDB_COUNT_] = {
	[PDB_META_] = "meta",
	[PDB_ADDRESSES_] = "addresses",
	[PDB_BANS_] = "bans",
};

struct zen_peerstore {
	struct zen_store *store;
};

static void put_be64(uint8_t *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static uint64_t get_be64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

int zen_peerstore_open(struct zen_peerstore **out, const char *datadir,
		       struct zen_err *err)
{
	struct zen_buf dir = ZEN_BUF_INIT;
	struct zen_peerstore *ps = zen_xcalloc(1, sizeof(*ps));
	int rc;

	*out = NULL;
	zen_buf_addf(&dir, "%s/peers", datadir);
	rc = zen_store_open_env(&ps->store, zen_buf_str(&dir), pdb_names,
				PDB_COUNT_, ZEN_PEERSTORE_SCHEMA, err);
	zen_buf_release(&dir);
	if (rc) {
		zen_err_prefix(err, "peer store");
		free(ps);
		return rc;
	}
	*out = ps;
	return 0;
}

void zen_peerstore_close(struct zen_peerstore *ps)
{
	if (!ps)
		return;
	zen_store_close(ps->store);
	free(ps);
}

/* ---- address book ---------------------------------------------------- */

/* One entry under the 8.2 rule; *added is raised when it was new. */
static int put_addr(struct zen_store_txn *t, const struct zen_peer_addr *a,
		    uint64_t now_ms, uint64_t *count, size_t *added,
		    struct zen_err *err)
{
	size_t klen = strnlen(a->address, sizeof(a->address));
	uint64_t ts = a->timestamp_ms < now_ms ? a->timestamp_ms : now_ms;
	struct zen_slice v;
	uint8_t be[8];
	int rc, is_new;

	if (!klen || klen > ZEN_PEER_ADDRESS_MAX)
		return 0;
	rc = zen_store_get(t, PDB_ADDRESSES, a->address, klen, &v, err);
	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	is_new = rc == ZEN_ENOTFOUND;
	if (!is_new && v.len == 8 && get_be64(v.p) >= ts)
		return 0;
	if (is_new && *count >= ZEN_PEERSTORE_MAX_ADDRESSES)
		return 0;
	put_be64(be, ts);
	if ((rc = zen_store_put(t, PDB_ADDRESSES, a->address, klen, be, 8, err)))
		return rc;
	if (is_new)
		(*count)++, (*added)++;
	return 0;
}

int zen_peerstore_put_addrs(struct zen_peerstore *ps,
			    const struct zen_peer_addr *a, size_t n,
			    uint64_t now_ms, size_t *added, struct zen_err *err)
{
	struct zen_store_txn *t;
	uint64_t count = 0;
	size_t dummy = 0;
	int rc;

	if (!added)
		added = &dummy;
	*added = 0;
	if (!n)
		return 0;
	if ((rc = zen_store_begin(ps->store, NULL, 1, &t, err)))
		return rc;
	rc = zen_store_count(t, PDB_ADDRESSES, &count, err);
	for (size_t i = 0; !rc && i < n; i++)
		rc = put_addr(t, &a[i], now_ms, &count, added, err);
	if (rc) {
		zen_store_abort(t);
		*added = 0;
		return rc;
	}
	return zen_store_commit(t, err);
}

int zen_peerstore_has_addr(struct zen_peerstore *ps, const char *address)
{
	struct zen_store_txn *t;
	int rc;

	if (zen_store_begin(ps->store, NULL, 0, &t, NULL))
		return 0;
	rc = zen_store_get(t, PDB_ADDRESSES, address, strlen(address), NULL,
			   NULL);
	zen_store_abort(t);
	return rc == 0;
}

int zen_peerstore_addrs(struct zen_peerstore *ps, uint64_t min_ts_ms,
			size_t max, struct zen_peer_addr **out, size_t *n,
			struct zen_err *err)
{
	struct zen_store_cursor *c = NULL;
	struct zen_store_txn *t;
	struct zen_slice k, v;
	size_t cap = 0;
	int rc;

	*out = NULL;
	*n = 0;
	if ((rc = zen_store_begin(ps->store, NULL, 0, &t, err)))
		return rc;
	rc = zen_store_cursor_open(t, PDB_ADDRESSES, &c, err);
	for (enum zen_store_seek how = ZEN_SEEK_FIRST; !rc && *n < max;
	     how = ZEN_SEEK_NEXT) {
		rc = zen_store_cursor_seek(c, how, NULL, 0, &k, &v, err);
		if (rc)
			break;
		if (v.len != 8 || !k.len || k.len > ZEN_PEER_ADDRESS_MAX ||
		    get_be64(v.p) < min_ts_ms)
			continue;
		ZEN_GROW(*out, *n + 1, cap);
		memcpy((*out)[*n].address, k.p, k.len);
		(*out)[*n].address[k.len] = 0;
		(*out)[*n].timestamp_ms = get_be64(v.p);
		(*n)++;
	}
	zen_store_cursor_close(c);
	zen_store_abort(t);
	if (rc == ZEN_ENOTFOUND)
		rc = 0;
	if (rc) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

/* ---- bans -------------------------------------------------------------- */

static int ip_text(char out[ZEN_PEER_ADDRESS_MAX + 1], const char *host)
{
	struct in6_addr a6;
	struct in_addr a4;

	if (inet_pton(AF_INET, host, &a4) == 1)
		return inet_ntop(AF_INET, &a4, out, ZEN_PEER_ADDRESS_MAX + 1)
			? 0 : -1;
	if (inet_pton(AF_INET6, host, &a6) == 1)
		return inet_ntop(AF_INET6, &a6, out, ZEN_PEER_ADDRESS_MAX + 1)
			? 0 : -1;
	return -1;
}

int zen_peer_ip_canonical(char out[ZEN_PEER_ADDRESS_MAX + 1],
			  const char *text, struct zen_err *err)
{
	char host[ZEN_PEER_ADDRESS_MAX + 1];
	const char *colon = strrchr(text, ':');
	size_t len;

	if (strlen(text) <= ZEN_PEER_ADDRESS_MAX && !ip_text(out, text))
		return 0;
	len = colon ? (size_t)(colon - text) : 0;
	if (len >= 2 && text[0] == '[' && text[len - 1] == ']')
		text++, len -= 2;
	if (colon && len && len <= ZEN_PEER_ADDRESS_MAX) {
		memcpy(host, text, len);
		host[len] = 0;
		if (!ip_text(out, host))
			return 0;
	}
	return zen_fail(err, ZEN_EINVAL, "invalid address '%.80s' (an IP "
			"address)", text);
}

int zen_peerstore_ban(struct zen_peerstore *ps, const char *ip,
		      uint64_t until_ms, const char *reason,
		      struct zen_err *err)
{
	size_t rlen = reason ? strnlen(reason, ZEN_PEER_REASON_MAX) : 0;
	uint8_t val[8 + ZEN_PEER_REASON_MAX];
	struct zen_store_txn *t;
	int rc;

	put_be64(val, until_ms);
	if (rlen)
		memcpy(val + 8, reason, rlen);
	if ((rc = zen_store_begin(ps->store, NULL, 1, &t, err)))
		return rc;
	rc = zen_store_put(t, PDB_BANS, ip, strlen(ip), val, 8 + rlen, err);
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err);
}

int zen_peerstore_unban(struct zen_peerstore *ps, const char *ip,
			struct zen_err *err)
{
	struct zen_store_txn *t;
	int rc;

	if ((rc = zen_store_begin(ps->store, NULL, 1, &t, err)))
		return rc;
	rc = zen_store_del(t, PDB_BANS, ip, strlen(ip), err);
	if (rc) {
		zen_store_abort(t);
		return rc == ZEN_ENOTFOUND
			? zen_fail(err, ZEN_ENOTFOUND, "address not banned") : rc;
	}
	return zen_store_commit(t, err);
}

/* Append one ban entry, or its key to *gone when it has expired. */
static void take_ban(struct zen_peer_ban **out, size_t *n, size_t *cap,
		     struct zen_peer_ban **gone, size_t *ngone, size_t *gcap,
		     const struct zen_slice *k, const struct zen_slice *v,
		     uint64_t now_ms)
{
	struct zen_peer_ban *b;
	size_t rlen;

	if (!k->len || k->len > ZEN_PEER_ADDRESS_MAX)
		return;
	if (v->len < 8 || get_be64(v->p) <= now_ms) {
		ZEN_GROW(*gone, *ngone + 1, *gcap);
		b = &(*gone)[(*ngone)++];
	} else {
		ZEN_GROW(*out, *n + 1, *cap);
		b = &(*out)[(*n)++];
	}
	memcpy(b->address, k->p, k->len);
	b->address[k->len] = 0;
	b->until_ms = v->len >= 8 ? get_be64(v->p) : 0;
	rlen = v->len < 8 ? 0 : v->len - 8 < ZEN_PEER_REASON_MAX
		? v->len - 8 : ZEN_PEER_REASON_MAX;
	if (rlen)
		memcpy(b->reason, v->p + 8, rlen);
	b->reason[rlen] = 0;
}

/* Delete the bans that have ended (best effort: a failure leaves them,
 * and they are skipped all the same). */
static void purge_bans(struct zen_peerstore *ps,
		       const struct zen_peer_ban *gone, size_t n)
{
	struct zen_store_txn *t;
	int rc = 0;

	if (!n || zen_store_begin(ps->store, NULL, 1, &t, NULL))
		return;
	for (size_t i = 0; i < n && (!rc || rc == ZEN_ENOTFOUND); i++)
		rc = zen_store_del(t, PDB_BANS, gone[i].address,
				   strlen(gone[i].address), NULL);
	if (!rc || rc == ZEN_ENOTFOUND)
		(void)!zen_store_commit(t, NULL);
	else
		zen_store_abort(t);
}

int zen_peerstore_bans(struct zen_peerstore *ps, uint64_t now_ms,
		       struct zen_peer_ban **out, size_t *n,
		       struct zen_err *err)
{
	struct zen_peer_ban *gone = NULL;
	struct zen_store_cursor *c = NULL;
	struct zen_store_txn *t;
	struct zen_slice k, v;
	size_t cap = 0, ngone = 0, gcap = 0;
	int rc;

	*out = NULL;
	*n = 0;
	if ((rc = zen_store_begin(ps->store, NULL, 0, &t, err)))
		return rc;
	rc = zen_store_cursor_open(t, PDB_BANS, &c, err);
	for (enum zen_store_seek how = ZEN_SEEK_FIRST; !rc; how = ZEN_SEEK_NEXT)
		if (!(rc = zen_store_cursor_seek(c, how, NULL, 0, &k, &v, err)))
			take_ban(out, n, &cap, &gone, &ngone, &gcap, &k, &v,
				 now_ms);
	zen_store_cursor_close(c);
	zen_store_abort(t);
	if (rc != ZEN_ENOTFOUND) {
		free(*out);
		free(gone);
		*out = NULL;
		*n = 0;
		return rc;
	}
	purge_bans(ps, gone, ngone);
	free(gone);
	return 0;
}
