/*
 * store.c - the LMDB environment behind store.h.  The only file that
 * includes lmdb.h.  Every MDB_txn begun here is committed or aborted by
 * zen_store_commit() / zen_store_abort(); cursors are closed by their
 * owners before that (zen_store_cursor_close()).
 *
 * Read transactions are kept for reuse: one that ends is reset
 * (mdb_txn_reset: its snapshot and reader slot released, the handle
 * kept) into a small pool of the store, and the next read begins by
 * renewing one from there.  Beginning anew allocates the handle and its
 * arrays for every database; a node's reads are many and short (an HTTP
 * request is often one read).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <lmdb.h>

#include "core/base/buf.h"
#include "core/chain/store.h"

#define MAP_SIZE_GIB 64ULL
#define MAP_SIZE (MAP_SIZE_GIB << 30)
#define READ_POOL 16		/* reset read transactions kept */

static const char *const db_names[ZEN_DB_COUNT_] = {
	[ZEN_DB_META] = "meta",
	[ZEN_DB_INDEX] = "index",
	[ZEN_DB_BLOCKS] = "blocks",
	[ZEN_DB_CHILDREN] = "children",
	[ZEN_DB_ORPHANS] = "orphans",
	[ZEN_DB_MAIN] = "main",
	[ZEN_DB_TXS] = "txs",
	[ZEN_DB_UTXO] = "utxo",
	[ZEN_DB_UNDO] = "undo",
	[ZEN_DB_MEMPOOL] = "mempool",
	[ZEN_DB_MEMPOOL_TX] = "mempool-tx",
	[ZEN_DB_MEMPOOL_SPENT] = "mempool-spent",
	[ZEN_DB_MEMPOOL_OUT] = "mempool-out",
	[ZEN_DB_ACS] = "acs",
	[ZEN_DB_STATES] = "states",
	[ZEN_DB_CUNDO] = "contract-undo",
	[ZEN_DB_MEMPOOL_ACS] = "mempool-acs",
	[ZEN_DB_MEMPOOL_STATES] = "mempool-states",
	[ZEN_DB_CGP] = "cgp",
	[ZEN_DB_CGP_UNDO] = "cgp-undo",
	[ZEN_DB_ADDR] = "addr",
	[ZEN_DB_ADDR_UNDO] = "addr-undo",
};

struct zen_store {
	MDB_env *env;
	MDB_dbi dbi[ZEN_DB_COUNT_];
	char *dir;
	pthread_mutex_t pool_lock;
	struct zen_store_txn *pool[READ_POOL];	/* reset, for renewal */
	unsigned n_pool;
};

struct zen_store_txn {
	struct zen_store *s;
	MDB_txn *txn;
	int write;
};

struct zen_store_cursor {
	MDB_cursor *cur;
};

/* An LMDB failure as ZEN_ESTORE, worded for what was being done. */
static int store_fail(struct zen_err *err, int rc, const char *what)
{
	if (rc == MDB_MAP_FULL)
		return zen_fail(err, ZEN_ESTORE, "store is full (map size %llu GiB)",
				MAP_SIZE_GIB);
	if (rc == MDB_CORRUPTED || rc == MDB_PAGE_NOTFOUND ||
	    rc == MDB_INVALID || rc == MDB_PANIC || rc == MDB_BAD_TXN)
		return zen_fail(err, ZEN_ESTORE, "store is damaged: %s: %s",
				what, mdb_strerror(rc));
	if (rc == EAGAIN || rc == EWOULDBLOCK || rc == EBUSY)
		return zen_fail(err, ZEN_ESTORE, "store is locked: %s: %s",
				what, mdb_strerror(rc));
	if (rc == MDB_READERS_FULL)
		return zen_fail(err, ZEN_ESTORE, "store is busy: %s: %s", what,
				mdb_strerror(rc));
	return zen_fail(err, ZEN_ESTORE, "store: %s: %s", what,
			mdb_strerror(rc));
}

/* The "schema" record of the first database: written in a new store,
 * compared in an existing one. */
static int check_schema(struct zen_store *s, MDB_txn *txn, uint32_t schema,
			struct zen_err *err)
{
	MDB_val k = { 6, (void *)"schema" }, v;
	uint8_t be[4];
	uint32_t got;
	int rc = mdb_get(txn, s->dbi[0], &k, &v);

	if (rc == MDB_NOTFOUND) {
		be[0] = (uint8_t)(schema >> 24), be[1] = (uint8_t)(schema >> 16);
		be[2] = (uint8_t)(schema >> 8), be[3] = (uint8_t)schema;
		v.mv_size = 4;
		v.mv_data = be;
		rc = mdb_put(txn, s->dbi[0], &k, &v, 0);
		return rc ? store_fail(err, rc, "cannot write schema") : 0;
	}
	if (rc)
		return store_fail(err, rc, "cannot read schema");
	if (v.mv_size != 4)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad schema record");
	got = (uint32_t)((const uint8_t *)v.mv_data)[0] << 24 |
	      (uint32_t)((const uint8_t *)v.mv_data)[1] << 16 |
	      (uint32_t)((const uint8_t *)v.mv_data)[2] << 8 |
	      ((const uint8_t *)v.mv_data)[3];
	if (got != schema)
		return zen_fail(err, ZEN_ESTORE, "store schema %u, expected %u",
				got, schema);
	return 0;
}

int zen_store_open(struct zen_store **out, const char *dir,
		   struct zen_err *err)
{
	return zen_store_open_env(out, dir, db_names, ZEN_DB_COUNT_,
				  ZEN_STORE_SCHEMA, err);
}

static void store_free(struct zen_store *s)
{
	while (s->n_pool) {
		struct zen_store_txn *t = s->pool[--s->n_pool];

		mdb_txn_abort(t->txn);
		free(t);
	}
	if (s->env)
		mdb_env_close(s->env);
	pthread_mutex_destroy(&s->pool_lock);
	free(s->dir);
	free(s);
}

void zen_store_close(struct zen_store *s)
{
	if (s)
		store_free(s);
}

/* A read transaction from the pool, renewed; NULL when there is none. */
static struct zen_store_txn *read_renewed(struct zen_store *s)
{
	struct zen_store_txn *t = NULL;

	pthread_mutex_lock(&s->pool_lock);
	if (s->n_pool)
		t = s->pool[--s->n_pool];
	pthread_mutex_unlock(&s->pool_lock);
	if (t && mdb_txn_renew(t->txn)) {
		mdb_txn_abort(t->txn);
		free(t);
		t = NULL;
	}
	return t;
}

/* End read transaction t: reset into the pool, or aborted if it is full. */
static void read_end(struct zen_store_txn *t)
{
	struct zen_store *s = t->s;

	mdb_txn_reset(t->txn);
	pthread_mutex_lock(&s->pool_lock);
	if (s->n_pool < READ_POOL) {
		s->pool[s->n_pool++] = t;
		t = NULL;
	}
	pthread_mutex_unlock(&s->pool_lock);
	if (t) {
		mdb_txn_abort(t->txn);
		free(t);
	}
}

int zen_store_begin(struct zen_store *s, struct zen_store_txn *parent,
		    int write, struct zen_store_txn **out, struct zen_err *err)
{
	struct zen_store_txn *t;
	int rc;

	*out = NULL;
	ZEN_ASSERT(!parent || (write && parent->write));
	if (!write && (t = read_renewed(s))) {
		*out = t;
		return 0;
	}
	t = zen_xcalloc(1, sizeof(*t));
	t->s = s;
	t->write = write;
	rc = mdb_txn_begin(s->env, parent ? parent->txn : NULL,
			   write ? 0 : MDB_RDONLY, &t->txn);
	if (rc) {
		free(t);
		return store_fail(err, rc, "cannot begin transaction");
	}
	*out = t;
	return 0;
}

int zen_store_commit(struct zen_store_txn *t, struct zen_err *err)
{
	int rc;

	if (!t->write) {	/* nothing to commit */
		read_end(t);
		return 0;
	}
	rc = mdb_txn_commit(t->txn);

	free(t);
	return rc ? store_fail(err, rc, "cannot commit") : 0;
}

void zen_store_abort(struct zen_store_txn *t)
{
	if (!t)
		return;
	if (!t->write) {
		read_end(t);
		return;
	}
	mdb_txn_abort(t->txn);
	free(t);
}

uint64_t zen_store_generation(struct zen_store *s)
{
	MDB_envinfo info;

	if (mdb_env_info(s->env, &info))
		return 0;
	return (uint64_t)info.me_last_txnid;
}

uint64_t zen_store_txn_generation(const struct zen_store_txn *t)
{
	return (uint64_t)mdb_txn_id(t->txn);
}

int zen_store_txn_writable(const struct zen_store_txn *t)
{
	return t->write;
}

int zen_store_get(struct zen_store_txn *t, enum zen_store_db db,
		  const void *key, size_t klen, struct zen_slice *val,
		  struct zen_err *err)
{
	MDB_val k = { klen, (void *)key }, v;
	int rc = mdb_get(t->txn, t->s->dbi[db], &k, &v);

	if (rc == MDB_NOTFOUND)
		return ZEN_ENOTFOUND;
	if (rc)
		return store_fail(err, rc, "cannot read");
	if (val) {
		val->p = v.mv_data;
		val->len = v.mv_size;
	}
	return 0;
}

int zen_store_put(struct zen_store_txn *t, enum zen_store_db db,
		  const void *key, size_t klen, const void *val, size_t vlen,
		  struct zen_err *err)
{
	MDB_val k = { klen, (void *)key }, v = { vlen, (void *)val };
	int rc;

	ZEN_ASSERT(t->write);
	if (!val)
		v.mv_data = (void *)"";
	rc = mdb_put(t->txn, t->s->dbi[db], &k, &v, 0);
	return rc ? store_fail(err, rc, "cannot write") : 0;
}

int zen_store_del(struct zen_store_txn *t, enum zen_store_db db,
		  const void *key, size_t klen, struct zen_err *err)
{
	MDB_val k = { klen, (void *)key };
	int rc;

	ZEN_ASSERT(t->write);
	rc = mdb_del(t->txn, t->s->dbi[db], &k, NULL);
	if (rc == MDB_NOTFOUND)
		return ZEN_ENOTFOUND;
	return rc ? store_fail(err, rc, "cannot delete") : 0;
}

int zen_store_clear(struct zen_store_txn *t, enum zen_store_db db,
		    struct zen_err *err)
{
	int rc;

	ZEN_ASSERT(t->write);
	rc = mdb_drop(t->txn, t->s->dbi[db], 0);
	return rc ? store_fail(err, rc, "cannot clear") : 0;
}

int zen_store_count(struct zen_store_txn *t, enum zen_store_db db,
		    uint64_t *n, struct zen_err *err)
{
	MDB_stat st;
	int rc = mdb_stat(t->txn, t->s->dbi[db], &st);

	if (rc)
		return store_fail(err, rc, "cannot count");
	*n = st.ms_entries;
	return 0;
}

int zen_store_cursor_open(struct zen_store_txn *t, enum zen_store_db db,
			  struct zen_store_cursor **out, struct zen_err *err)
{
	struct zen_store_cursor *c = zen_xcalloc(1, sizeof(*c));
	int rc = mdb_cursor_open(t->txn, t->s->dbi[db], &c->cur);

	*out = NULL;
	if (rc) {
		free(c);
		return store_fail(err, rc, "cannot open cursor");
	}
	*out = c;
	return 0;
}

void zen_store_cursor_close(struct zen_store_cursor *c)
{
	if (!c)
		return;
	mdb_cursor_close(c->cur);
	free(c);
}

int zen_store_cursor_seek(struct zen_store_cursor *c, enum zen_store_seek how,
			  const void *key, size_t klen, struct zen_slice *k,
			  struct zen_slice *v, struct zen_err *err)
{
	MDB_val mk = { klen, (void *)key }, mv = { 0, NULL };
	MDB_cursor_op op;
	int rc;

	switch (how) {
	case ZEN_SEEK_FIRST: op = MDB_FIRST; break;
	case ZEN_SEEK_LAST: op = MDB_LAST; break;
	case ZEN_SEEK_GE: op = MDB_SET_RANGE; break;
	case ZEN_SEEK_NEXT: op = MDB_NEXT; break;
	case ZEN_SEEK_PREV: op = MDB_PREV; break;
	default: ZEN_BUG("bad seek");
	}
	rc = mdb_cursor_get(c->cur, &mk, &mv, op);
	if (rc == MDB_NOTFOUND)
		return ZEN_ENOTFOUND;
	if (rc)
		return store_fail(err, rc, "cannot read");
	if (k) {
		k->p = mk.mv_data;
		k->len = mk.mv_size;
	}
	if (v) {
		v->p = mv.mv_data;
		v->len = mv.mv_size;
	}
	return 0;
}

int zen_store_cursor_del(struct zen_store_cursor *c, struct zen_err *err)
{
	int rc = mdb_cursor_del(c->cur, 0);

	return rc ? store_fail(err, rc, "cannot delete") : 0;
}

int zen_store_cursor_put(struct zen_store_cursor *c, const void *key,
			 size_t klen, const void *val, size_t vlen,
			 struct zen_err *err)
{
	MDB_val k = { klen, (void *)key }, v = { vlen, (void *)val };
	int rc;

	if (!val)
		v.mv_data = (void *)"";
	rc = mdb_cursor_put(c->cur, &k, &v, 0);
	return rc ? store_fail(err, rc, "cannot write") : 0;
}

/* ---- Other environments (the wallet's) ----------------------------- */

/* A data file shorter than the pages its meta page claims would fault
 * (SIGBUS) on first access through the map: check it before any read. */
static int check_file_size(struct zen_store *s, struct zen_err *err)
{
	MDB_envinfo info;
	MDB_stat st;
	struct stat fst;
	char path[4200];

	if (mdb_env_info(s->env, &info) || mdb_env_stat(s->env, &st))
		return zen_fail(err, ZEN_ESTORE, "store is damaged: %s: "
				"cannot read its meta pages", s->dir);
	snprintf(path, sizeof(path), "%s/data.mdb", s->dir);
	if (stat(path, &fst))
		return zen_fail(err, ZEN_ESTORE, "store: cannot stat %s: %s",
				path, strerror(errno));
	if ((uint64_t)fst.st_size <
	    ((uint64_t)info.me_last_pgno + 1) * (uint64_t)st.ms_psize)
		return zen_fail(err, ZEN_ESTORE, "store is damaged: %s is "
				"truncated", path);
	return 0;
}

static int mkdir_one(const char *path, struct zen_err *err)
{
	if (mkdir(path, 0700) && errno != EEXIST)
		return zen_fail(err, ZEN_ESTORE, "store: cannot create %s: %s",
				path, strerror(errno));
	return 0;
}

int zen_store_mkdirs(const char *dir, struct zen_err *err)
{
	char *path = zen_xstrdup(dir);
	int rc = 0;

	/* Each parent in turn, from the top: mkdir -p. */
	for (char *p = path + 1; !rc && *p; p++) {
		if (*p != '/' || p[-1] == '/')
			continue;
		*p = 0;
		rc = mkdir_one(path, err);
		*p = '/';
	}
	if (!rc)
		rc = mkdir_one(path, err);
	free(path);
	return rc;
}

int zen_store_open_env(struct zen_store **out, const char *dir,
		       const char *const *names, size_t n, uint32_t schema,
		       struct zen_err *err)
{
	struct zen_store *s;
	MDB_txn *txn = NULL;
	int rc, dead = 0;

	*out = NULL;
	ZEN_ASSERT(n >= 1 && n <= ZEN_DB_COUNT_);
	if ((rc = zen_store_mkdirs(dir, err)))
		return rc;
	s = zen_xcalloc(1, sizeof(*s));
	s->dir = zen_xstrdup(dir);
	pthread_mutex_init(&s->pool_lock, NULL);
	if ((rc = mdb_env_create(&s->env))) {
		s->env = NULL;
		rc = store_fail(err, rc, "cannot create environment");
		goto fail;
	}
	if ((rc = mdb_env_set_mapsize(s->env, MAP_SIZE)) ||
	    (rc = mdb_env_set_maxdbs(s->env, (MDB_dbi)n + 2)) ||
	    (rc = mdb_env_set_maxreaders(s->env, 256))) {
		rc = store_fail(err, rc, "cannot configure environment");
		goto fail;
	}
	if ((rc = mdb_env_open(s->env, dir, MDB_NOTLS, 0600))) {
		char what[600];

		snprintf(what, sizeof(what), "cannot open %.500s", dir);
		rc = store_fail(err, rc, what);
		goto fail;
	}
	if ((rc = check_file_size(s, err)))
		goto fail;
	(void)mdb_reader_check(s->env, &dead);
	if ((rc = mdb_txn_begin(s->env, NULL, 0, &txn))) {
		rc = store_fail(err, rc, "cannot begin transaction");
		goto fail;
	}
	for (size_t i = 0; i < n; i++) {
		if ((rc = mdb_dbi_open(txn, names[i], MDB_CREATE, &s->dbi[i]))) {
			char what[64];

			snprintf(what, sizeof(what), "cannot open database %s",
				 names[i]);
			rc = store_fail(err, rc, what);
			goto fail;
		}
	}
	if ((rc = check_schema(s, txn, schema, err)))
		goto fail;
	rc = mdb_txn_commit(txn);
	txn = NULL;
	if (rc) {
		rc = store_fail(err, rc, "cannot commit");
		goto fail;
	}
	*out = s;
	return 0;
fail:
	if (txn)
		mdb_txn_abort(txn);
	store_free(s);
	return rc;
}
