/*
 * zp.c - `--zp`: amounts in ZP at the command line (issue 18).
 *
 * The API speaks kalapas, as the reference's does; people think in ZP.
 * With --zp a bare number given for an amount is ZP ("--amount 1.5" is
 * 150000000 kalapas), and the ZP amounts of the reply are shown as ZP
 * with 8 decimals ("1.50000000").  Without it an amount may still carry
 * the unit ("1.5zp"): the handlers read both (zen_amount_parse).  Only
 * the CLI converts: the node and the remote client see kalapas or the
 * unit, never a bare ZP number.
 */
#include <string.h>

#include "cli/cli.h"
#include "core/consensus/amount.h"
#include "ops/json_tx.h"

/* An amount given as a bare number, read as ZP: "1.5" -> "1.5zp". */
static void number_as_zp(json_t *holder, const char *key, json_t *v)
{
	char text[64];

	if (json_is_integer(v))
		snprintf(text, sizeof(text), "%" JSON_INTEGER_FORMAT "zp",
			 json_integer_value(v));
	else if (json_is_string(v) && !zen_amount_has_unit(json_string_value(v)) &&
		 strlen(json_string_value(v)) < sizeof(text) - 2)
		snprintf(text, sizeof(text), "%szp", json_string_value(v));
	else
		return;
	json_object_set_new(holder, key, json_string(text));
}

/* The "amount" members of a JSON parameter's objects (send's outputs,
 * contract execute's spends). */
static void json_amounts_as_zp(json_t *v)
{
	json_t *item;
	size_t i;

	if (json_is_object(v) && json_object_get(v, "amount"))
		number_as_zp(v, "amount", json_object_get(v, "amount"));
	json_array_foreach(v, i, item)
		json_amounts_as_zp(item);
}

void cli_zp_args(const struct zen_op *op, json_t *raw)
{
	for (const struct zen_param *p = op->params; p->name; p++) {
		json_t *v = json_object_get(raw, p->name);

		if (p->type == ZEN_PT_AMOUNT && v)
			number_as_zp(raw, p->name, v);
		else if (p->type == ZEN_PT_JSON)
			json_amounts_as_zp(v);
	}
}

/* Kalapas (digits or an integer) as "1.50000000"; NULL for other text. */
static json_t *zp_text(const json_t *kalapas)
{
	char zp[ZEN_AMOUNT_ZP_MAX];
	uint64_t k;

	if (zen_json_amount(kalapas, 0, &k))
		return NULL;
	zen_amount_zp(k, 0, zp);
	return json_string(zp);
}

/* Where a reply carries an amount: {"asset": "00", "amount"|"balance"}. */
static void reply_object_as_zp(json_t *o)
{
	static const char *const keys[] = { "amount", "balance" };
	const char *asset = json_string_value(json_object_get(o, "asset"));

	if (!asset || strcmp(asset, "00"))
		return;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(keys); i++) {
		json_t *zp = zp_text(json_object_get(o, keys[i]));

		if (zp)
			json_object_set_new(o, keys[i], zp);
	}
}

void cli_zp_reply(json_t *v)
{
	const char *key;
	json_t *item;
	size_t i;

	if (json_is_object(v)) {
		reply_object_as_zp(v);
		json_object_foreach(v, key, item)
			cli_zp_reply(item);
	}
	json_array_foreach(v, i, item)
		cli_zp_reply(item);
}
