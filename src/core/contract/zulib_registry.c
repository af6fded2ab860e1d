/*
 * zulib_registry.c - the Zulib module table (3.6).
 *
 * The audit of these modules against Zulib v0.3.43 (every exported
 * function: module, name, arity, the `val`'s cost index and zen's
 * declared rule, and its state: present, added, fixed, not needed) is
 * tests/zulib-audit.txt; tests/unit/test-contract-runtime.c fails when a
 * registry function has no row there or a row disagrees.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "core/contract/zulib_int.h"

static const char *const inc_cost[] = { "Zen.Cost.Realized",
					"Zen.Cost.Extracted", NULL };
static const char *const inc_types[] = { "Zen.Types.Realized",
					 "Zen.Types.Extracted",
					 "Zen.Types.Data", "Zen.Types.Main",
					 NULL };
static const char *const inc_hash[] = { "Zen.Hash.Sha3", "Zen.Hash.Base",
					NULL };
static const char *const inc_sha3[] = { "Zen.Sha3.Realized",
					"Zen.Sha3.Extracted", NULL };
static const char *const inc_array[] = { "Zen.Array.Indexed",
					 "Zen.Array.Base", NULL };
static const char *const inc_perv[] = { "FStar.Pervasives.Native", NULL };

static const struct zen_native no_entries[] = { EEND };

#define M(p, t) { p, t, NULL }
#define MI(p, t, i) { p, t, i }

static const struct zen_zulib_module modules[] = {
	M("Prims", zl_prims),
	MI("FStar.Pervasives", zl_pervasives, inc_perv),
	M("FStar.Pervasives.Native", zl_native),
	M("FStar.UInt8", zl_uint8),
	M("FStar.UInt32", zl_uint32), M("FStar.UInt64", zl_uint64),
	M("FStar.Int64", zl_int64), M("FStar.String", zl_string),
	M("FStar.Char", zl_char),
	M("Zen.Base", zl_base),
	MI("Zen.Cost", no_entries, inc_cost),
	M("Zen.Cost.Realized", zl_cost_realized),
	M("Zen.Cost.Extracted", zl_cost_extracted),
	M("Zen.Option", zl_option), M("Zen.OptionT", zl_optiont),
	M("Zen.Result", zl_result), M("Zen.ResultT", zl_resultt),
	M("Zen.Data", zl_data), M("Zen.Dictionary", zl_dict),
	M("Zen.Set", zl_set),
	M("Zen.TxSkeleton", zl_txskel), M("Zen.Wallet", zl_wallet),
	M("Zen.Asset", zl_asset), M("Zen.ContractId", zl_contractid),
	M("Zen.ContractReturn", zl_creturn),
	M("Zen.ContractResult", zl_cresult),
	MI("Zen.Sha3", no_entries, inc_sha3),
	M("Zen.Sha3.Realized", zl_sha3_realized),
	M("Zen.Sha3.Extracted", zl_sha3_extracted),
	MI("Zen.Hash", no_entries, inc_hash),
	M("Zen.Hash.Sha3", zl_hash_sha3), M("Zen.Hash.Base", zl_hash_base),
	M("Zen.Crypto", zl_crypto), M("Zen.PublicKey", zl_pubkey),
	M("Zen.MerkleTree", zl_merkle), M("Zen.Bitcoin", zl_bitcoin),
	MI("Zen.Array", no_entries, inc_array),
	M("Zen.Array.Base", zl_array_base),
	M("Zen.Array.Indexed", zl_array_indexed),
	M("Zen.List", zl_list_mod), M("Zen.ListRealized", zl_list_realized),
	M("Zen.Integers", zl_integers),
	/* no exports in v0.3.43 (its one val is commented out), but
	 * contracts open it: the reference's own test contracts do */
	M("Zen.Util", no_entries),
	MI("Zen.Types", no_entries, inc_types),
	M("Zen.Types.Realized", zl_types_realized),
	M("Zen.Types.Extracted", zl_types_extracted),
	M("Zen.Types.Data", zl_types_data),
	M("Zen.Types.Main", zl_types_main),
};

#define NMOD ZEN_ARRAY_SIZE(modules)

const struct zen_zulib_module *zen_zulib_find(const char *module_path)
{
	size_t i;

	if (!module_path)
		return NULL;
	for (i = 0; i < NMOD; i++)
		if (!strcmp(modules[i].path, module_path))
			return &modules[i];
	return NULL;
}

static const struct zen_native *lookup(const struct zen_zulib_module *m,
				       const char *name, int depth)
{
	const struct zen_native *e, *r;
	size_t i;

	if (!m || depth > 4)
		return NULL;
	for (e = m->entries; e->name; e++)
		if (!strcmp(e->name, name))
			return e;
	/* later inclusions shadow earlier ones */
	if (m->includes) {
		for (i = 0; m->includes[i]; i++)
			;
		while (i--)
			if ((r = lookup(zen_zulib_find(m->includes[i]), name,
					depth + 1)))
				return r;
	}
	return NULL;
}

/*
 * The resolver asks for names in every module in scope, many times a
 * contract, and each lookup walked the module and its inclusions with a
 * strcmp per entry.  So every (module, name) that lookup can find is put
 * in a table once, with lookup's answer (inclusions' shadowing applied),
 * and a name not in the table is in no module.
 */
#define INDEX_SLOTS 4096	/* a power of two, over twice the pairs */

static int foreach(const struct zen_zulib_module *m,
		   int (*cb)(void *ud, const struct zen_native *e), void *ud,
		   int depth);

struct index_slot {
	const struct zen_zulib_module *m;	/* NULL: empty */
	const char *name;
	const struct zen_native *e;
};

static struct index_slot index_slots[INDEX_SLOTS];
static int index_full;		/* no room: lookups walk, as before */
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static size_t index_start(const struct zen_zulib_module *m, const char *name)
{
	uint32_t h = 2166136261u ^ (uint32_t)(m - modules);

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h & (INDEX_SLOTS - 1);
}

/* The slot of (m, name), or the empty one where it would go; NULL when
 * the table is full. */
static struct index_slot *index_probe(const struct zen_zulib_module *m,
				      const char *name)
{
	size_t i = index_start(m, name);

	for (size_t n = 0; n < INDEX_SLOTS; n++, i = (i + 1) & (INDEX_SLOTS - 1))
		if (!index_slots[i].m || (index_slots[i].m == m &&
					  !strcmp(index_slots[i].name, name)))
			return &index_slots[i];
	return NULL;
}

static int index_add(void *ud, const struct zen_native *e)
{
	const struct zen_zulib_module *m = ud;
	struct index_slot *s = index_probe(m, e->name);

	if (!s) {
		index_full = 1;
		return 1;
	}
	if (!s->m) {
		s->m = m;
		s->name = e->name;
		s->e = lookup(m, e->name, 0);
	}
	return 0;
}

static void index_build(void)
{
	for (size_t i = 0; i < NMOD && !index_full; i++)
		foreach(&modules[i], index_add, (void *)&modules[i], 0);
}

const struct zen_native *zen_zulib_lookup(const struct zen_zulib_module *m,
					  const char *name)
{
	const struct index_slot *s;

	if (!m || m < modules || m >= modules + NMOD)
		return lookup(m, name, 0);
	pthread_once(&index_once, index_build);
	if (index_full || !(s = index_probe(m, name)))
		return lookup(m, name, 0);
	return s->m ? s->e : NULL;
}

const struct zen_native *zen_zulib_get(const char *module_path,
				       const char *name)
{
	return zen_zulib_lookup(zen_zulib_find(module_path), name);
}

static int foreach(const struct zen_zulib_module *m,
		   int (*cb)(void *ud, const struct zen_native *e), void *ud,
		   int depth)
{
	const struct zen_native *e;
	size_t i;
	int rc;

	if (!m || depth > 4)
		return 0;
	if (m->includes)
		for (i = 0; m->includes[i]; i++)
			if ((rc = foreach(zen_zulib_find(m->includes[i]), cb,
					  ud, depth + 1)))
				return rc;
	for (e = m->entries; e->name; e++)
		if ((rc = cb(ud, e)))
			return rc;
	return 0;
}

int zen_zulib_foreach(const struct zen_zulib_module *m,
		      int (*cb)(void *ud, const struct zen_native *e),
		      void *ud)
{
	return foreach(m, cb, ud, 0);
}

static const struct zen_zulib_module *const prelude[] = {
	&modules[0], &modules[1], &modules[2], NULL
};

const struct zen_zulib_module *const *zen_zulib_prelude(void)
{
	return prelude;
}

const struct zen_zulib_module *zen_zulib_modules(size_t *n)
{
	*n = NMOD;
	return modules;
}
