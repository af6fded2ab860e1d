/*
 * ast.c - the arena of a parse, module helpers and the S-expression
 * printer of the contract AST (ast.h).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/ast.h"

/* ---- arena ---------------------------------------------------------- */

#define ARENA_CHUNK (64u * 1024u)

struct zc_chunk {
	struct zc_chunk *next;
	size_t used, cap;
	_Alignas(16) unsigned char data[];
};

struct zc_arena {
	struct zc_chunk *head;
	size_t total;
};

struct zc_arena *zc_arena_new(void)
{
	return zen_xcalloc(1, sizeof(struct zc_arena));
}

void *zc_arena_alloc(struct zc_arena *a, size_t n)
{
	struct zc_chunk *c = a->head;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (!n)
		n = 16;
	if (!c || c->cap - c->used < n) {
		size_t cap = n > ARENA_CHUNK / 4 ? n : ARENA_CHUNK;

		c = zen_xmalloc(sizeof(*c) + cap);
		c->used = 0;
		c->cap = cap;
		if (cap == n && a->head) {
			/* a big block: keep filling the current chunk */
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
		}
	}
	p = c->data + c->used;
	c->used += n;
	a->total += n;
	memset(p, 0, n);
	return p;
}

char *zc_arena_strndup(struct zc_arena *a, const char *s, size_t n)
{
	char *p = zc_arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

size_t zc_arena_used(const struct zc_arena *a)
{
	return a->total;
}

void zc_arena_free(struct zc_arena *a)
{
	struct zc_chunk *c, *next;

	if (!a)
		return;
	for (c = a->head; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

void zc_module_free(struct zc_module *m)
{
	if (m)
		zc_arena_free(m->arena);	/* m itself lives in the arena */
}

const struct zc_binding *zc_module_find(const struct zc_module *m,
					const char *name)
{
	const struct zc_binding *found = NULL;

	for (size_t i = 0; i < m->ndecls; i++) {
		const struct zc_decl *d = &m->decls[i];

		if (d->kind != ZC_D_LET)
			continue;
		for (size_t j = 0; j < d->u.let.nbinds; j++) {
			const struct zc_binding *b = &d->u.let.binds[j];

			if (b->pat->kind == ZC_P_VAR &&
			    !strcmp(b->pat->u.name, name))
				found = b;
		}
	}
	return found;
}

size_t zc_binding_arity(const struct zc_binding *b)
{
	size_t n = b->nparams;
	const struct zc_expr *e = b->body;

	while (e->kind == ZC_E_FUN) {
		n += e->u.fun.nparams;
		e = e->u.fun.body;
	}
	return n;
}

/* ---- printer -------------------------------------------------------- */

static void print_int(struct zen_buf *b, const struct zc_int *v)
{
	static const char *const suffix[] = {
		"", "uy", "us", "ul", "UL", "y", "s", "l", "L",
	};

	if (zc_int_kind_signed(v->kind))
		zen_buf_addf(b, "%" PRId64, v->v.i);
	else
		zen_buf_addf(b, "%" PRIu64, v->v.u);
	zen_buf_addstr(b, suffix[v->kind]);
}

static void print_str(struct zen_buf *b, const struct zc_bytes *s)
{
	zen_buf_addch(b, '"');
	for (size_t i = 0; i < s->len; i++) {
		uint8_t c = s->data[i];

		if (c == '"' || c == '\\')
			zen_buf_addf(b, "\\%c", c);
		else if (c == '\n')
			zen_buf_addstr(b, "\\n");
		else if (c < 0x20 || c >= 0x7f)
			zen_buf_addf(b, "\\x%02x", c);
		else
			zen_buf_addch(b, c);
	}
	zen_buf_addch(b, '"');
}

const char *zc_name_last(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot ? dot + 1 : name;
}

const struct zc_typedef *zc_typedef_applied(const struct zc_typedef *const *tds,
					    size_t n, const struct zc_expr *t)
{
	const struct zc_expr *fn = t->kind == ZC_E_APP ? t->u.app.fn : t;
	size_t nargs = t->kind == ZC_E_APP ? t->u.app.nargs : 0;

	if (fn->kind != ZC_E_VAR)
		return NULL;
	for (size_t i = n; i--;)
		if (!strcmp(tds[i]->name, fn->u.name))
			return tds[i]->nparams == nargs ? tds[i] : NULL;
	return NULL;
}

void zc_print_pat(struct zen_buf *b, const struct zc_pat *p)
{
	size_t i;

	switch (p->kind) {
	case ZC_P_WILD:
		zen_buf_addch(b, '_');
		break;
	case ZC_P_VAR:
		zen_buf_addstr(b, p->u.name);
		break;
	case ZC_P_INT:
		print_int(b, &p->u.lit_int);
		break;
	case ZC_P_STRING:
		print_str(b, &p->u.str);
		break;
	case ZC_P_BOOL:
		zen_buf_addstr(b, p->u.b ? "true" : "false");
		break;
	case ZC_P_UNIT:
		zen_buf_addstr(b, "()");
		break;
	case ZC_P_CON:
		if (!p->u.con.nargs) {
			zen_buf_addstr(b, p->u.con.name);
			break;
		}
		zen_buf_addf(b, "(%s", p->u.con.name);
		for (i = 0; i < p->u.con.nargs; i++) {
			zen_buf_addch(b, ' ');
			zc_print_pat(b, p->u.con.args[i]);
		}
		zen_buf_addch(b, ')');
		break;
	case ZC_P_TUPLE:
	case ZC_P_LIST:
	case ZC_P_OR:
		zen_buf_addstr(b, p->kind == ZC_P_TUPLE ? "(tuple" :
			       p->kind == ZC_P_LIST ? "(list" : "(|");
		for (i = 0; i < p->u.items.n; i++) {
			zen_buf_addch(b, ' ');
			zc_print_pat(b, p->u.items.items[i]);
		}
		zen_buf_addch(b, ')');
		break;
	case ZC_P_CONS:
		zen_buf_addstr(b, "(:: ");
		zc_print_pat(b, p->u.cons.hd);
		zen_buf_addch(b, ' ');
		zc_print_pat(b, p->u.cons.tl);
		zen_buf_addch(b, ')');
		break;
	case ZC_P_RECORD:
		zen_buf_addstr(b, "(record");
		for (i = 0; i < p->u.record.n; i++) {
			zen_buf_addf(b, " (%s ", p->u.record.fields[i]);
			zc_print_pat(b, p->u.record.pats[i]);
			zen_buf_addch(b, ')');
		}
		zen_buf_addch(b, ')');
		break;
	}
}

static void print_params(struct zen_buf *b, struct zc_pat *const *ps, size_t n)
{
	zen_buf_addch(b, '(');
	for (size_t i = 0; i < n; i++) {
		if (i)
			zen_buf_addch(b, ' ');
		zc_print_pat(b, ps[i]);
	}
	zen_buf_addch(b, ')');
}

static void print_binding(struct zen_buf *b, const struct zc_binding *bd)
{
	zen_buf_addch(b, '(');
	zc_print_pat(b, bd->pat);
	zen_buf_addch(b, ' ');
	if (bd->nparams) {
		print_params(b, bd->params, bd->nparams);
		zen_buf_addch(b, ' ');
	}
	zc_print_expr(b, bd->body);
	zen_buf_addch(b, ')');
}

void zc_print_expr(struct zen_buf *b, const struct zc_expr *e)
{
	size_t i;

	switch (e->kind) {
	case ZC_E_VAR:
	case ZC_E_CON:
		zen_buf_addstr(b, e->u.name);
		break;
	case ZC_E_INT:
		print_int(b, &e->u.lit_int);
		break;
	case ZC_E_STRING:
		print_str(b, &e->u.str);
		break;
	case ZC_E_BOOL:
		zen_buf_addstr(b, e->u.b ? "true" : "false");
		break;
	case ZC_E_UNIT:
		zen_buf_addstr(b, "()");
		break;
	case ZC_E_ERASED:
		zen_buf_addch(b, '_');
		break;
	case ZC_E_APP:
		zen_buf_addch(b, '(');
		zc_print_expr(b, e->u.app.fn);
		for (i = 0; i < e->u.app.nargs; i++) {
			zen_buf_addch(b, ' ');
			zc_print_expr(b, e->u.app.args[i]);
		}
		zen_buf_addch(b, ')');
		break;
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		zen_buf_addstr(b, e->kind == ZC_E_TUPLE ? "(tuple" : "(list");
		for (i = 0; i < e->u.items.n; i++) {
			zen_buf_addch(b, ' ');
			zc_print_expr(b, e->u.items.items[i]);
		}
		zen_buf_addch(b, ')');
		break;
	case ZC_E_CONS:
		zen_buf_addstr(b, "(:: ");
		zc_print_expr(b, e->u.cons.hd);
		zen_buf_addch(b, ' ');
		zc_print_expr(b, e->u.cons.tl);
		zen_buf_addch(b, ')');
		break;
	case ZC_E_RECORD:
		if (e->u.record.base) {
			zen_buf_addstr(b, "(with ");
			zc_print_expr(b, e->u.record.base);
		} else {
			zen_buf_addstr(b, "(record");
		}
		for (i = 0; i < e->u.record.n; i++) {
			zen_buf_addf(b, " (%s ", e->u.record.fields[i]);
			zc_print_expr(b, e->u.record.values[i]);
			zen_buf_addch(b, ')');
		}
		zen_buf_addch(b, ')');
		break;
	case ZC_E_PROJ:
		zen_buf_addstr(b, "(. ");
		zc_print_expr(b, e->u.proj.e);
		zen_buf_addf(b, " %s)", e->u.proj.field);
		break;
	case ZC_E_FUN:
		zen_buf_addstr(b, "(fun ");
		print_params(b, e->u.fun.params, e->u.fun.nparams);
		zen_buf_addch(b, ' ');
		zc_print_expr(b, e->u.fun.body);
		zen_buf_addch(b, ')');
		break;
	case ZC_E_LET:
		zen_buf_addstr(b, e->u.let.rec ? "(let rec " : "(let ");
		for (i = 0; i < e->u.let.nbinds; i++) {
			print_binding(b, &e->u.let.binds[i]);
			zen_buf_addch(b, ' ');
		}
		zc_print_expr(b, e->u.let.body);
		zen_buf_addch(b, ')');
		break;
	case ZC_E_LETBANG:
		zen_buf_addstr(b, "(let! ");
		zc_print_pat(b, e->u.letbang.pat);
		zen_buf_addch(b, ' ');
		zc_print_expr(b, e->u.letbang.rhs);
		zen_buf_addch(b, ' ');
		zc_print_expr(b, e->u.letbang.body);
		zen_buf_addch(b, ')');
		break;
	case ZC_E_LETOPEN:
		zen_buf_addf(b, "(open %s ", e->u.letopen.module);
		zc_print_expr(b, e->u.letopen.body);
		zen_buf_addch(b, ')');
		break;
	case ZC_E_IF:
		zen_buf_addstr(b, e->u.if_.bang ? "(if! " : "(if ");
		zc_print_expr(b, e->u.if_.cond);
		zen_buf_addch(b, ' ');
		zc_print_expr(b, e->u.if_.then_);
		zen_buf_addch(b, ' ');
		zc_print_expr(b, e->u.if_.else_);
		zen_buf_addch(b, ')');
		break;
	case ZC_E_MATCH:
		zen_buf_addstr(b, "(match ");
		zc_print_expr(b, e->u.match.scrut);
		for (i = 0; i < e->u.match.n; i++) {
			zen_buf_addstr(b, " (");
			zc_print_pat(b, e->u.match.branches[i].pat);
			zen_buf_addch(b, ' ');
			zc_print_expr(b, e->u.match.branches[i].body);
			zen_buf_addch(b, ')');
		}
		zen_buf_addch(b, ')');
		break;
	}
}

void zc_print_module(struct zen_buf *b, const struct zc_module *m)
{
	for (size_t i = 0; i < m->ndecls; i++) {
		const struct zc_decl *d = &m->decls[i];
		size_t j, k;

		switch (d->kind) {
		case ZC_D_OPEN:
			zen_buf_addf(b, "(open %s)", d->u.open.module);
			break;
		case ZC_D_ALIAS:
			zen_buf_addf(b, "(alias %s %s)", d->u.alias.alias,
				     d->u.alias.module);
			break;
		case ZC_D_LET:
			zen_buf_addstr(b, d->u.let.rec ? "(def rec" : "(def");
			for (j = 0; j < d->u.let.nbinds; j++) {
				const struct zc_binding *bd =
					&d->u.let.binds[j];

				if (d->u.let.rec) {
					zen_buf_addch(b, ' ');
					print_binding(b, bd);
					continue;
				}
				zen_buf_addch(b, ' ');
				zc_print_pat(b, bd->pat);
				zen_buf_addch(b, ' ');
				if (bd->nparams) {
					print_params(b, bd->params,
						     bd->nparams);
					zen_buf_addch(b, ' ');
				}
				zc_print_expr(b, bd->body);
			}
			zen_buf_addch(b, ')');
			break;
		case ZC_D_TYPE:
			for (j = 0; j < d->u.type.n; j++) {
				const struct zc_typedef *t = &d->u.type.types[j];

				if (j)
					zen_buf_addch(b, '\n');
				zen_buf_addf(b, "(type %s", t->name);
				if (t->form == ZC_TY_ABBREV)
					zen_buf_addstr(b, " abbrev");
				else if (t->form == ZC_TY_RECORD) {
					zen_buf_addstr(b, " record");
					for (k = 0; k < t->nfields; k++)
						zen_buf_addf(b, " %s",
							     t->fields[k]);
				} else {
					zen_buf_addstr(b, " variant");
					for (k = 0; k < t->nctors; k++)
						zen_buf_addf(b, " (%s %zu)",
							     t->ctors[k].name,
							     t->ctors[k].arity);
				}
				zen_buf_addch(b, ')');
			}
			break;
		}
		zen_buf_addch(b, '\n');
	}
}
