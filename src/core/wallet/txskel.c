/* txskel.c - the TxSkeleton serialization of api.md 5.14. */
#include <stdlib.h>
#include <string.h>

#include "core/types/ser.h"
#include "core/wallet/txskel.h"

#define TAG_POINTED 1
#define TAG_MINT 2
#define MIN_INPUT_SIZE 4	/* tag + ZP asset + 2-byte amount */
#define MIN_OUTPUT_SIZE 5	/* lock id + length + ZP spend */

void zen_txskel_init(struct zen_txskel *s)
{
	memset(s, 0, sizeof(*s));
}

void zen_txskel_release(struct zen_txskel *s)
{
	for (size_t i = 0; i < s->n_in; i++)
		zen_output_release(&s->in_outputs[i]);
	for (size_t i = 0; i < s->n_outputs; i++)
		zen_output_release(&s->outputs[i]);
	free(s->in_outpoints);
	free(s->in_outputs);
	free(s->in_mints);
	free(s->in_is_mint);
	free(s->outputs);
	zen_txskel_init(s);
}

static int read_input(struct zen_reader *r, struct zen_txskel *s, size_t i,
		      struct zen_err *err)
{
	uint8_t tag;
	int rc = zen_read_u8(r, &tag, err);

	if (rc)
		return rc;
	if (tag == TAG_MINT) {
		s->in_is_mint[i] = 1;
		rc = zen_read_spend(r, &s->in_mints[i], err);
		if (!rc && !s->in_mints[i].amount)
			rc = zen_fail(err, ZEN_EINVAL, "mint of amount 0");
		return rc;
	}
	if (tag != TAG_POINTED)
		return zen_fail(err, ZEN_EINVAL, "invalid input tag %u", tag);
	return zen_read_outpoint(r, &s->in_outpoints[i], err) ?:
	       zen_output_read(r, &s->in_outputs[i], err);
}

int zen_txskel_decode(struct zen_txskel *s, const uint8_t *p, size_t len,
		      struct zen_err *err)
{
	struct zen_reader r;
	size_t n;
	int rc;

	zen_txskel_release(s);
	zen_reader_init(&r, p, len);
	if ((rc = zen_read_list_count(&r, &n, MIN_INPUT_SIZE, err)))
		goto fail;
	s->in_outpoints = zen_xcalloc(n + 1, sizeof(*s->in_outpoints));
	s->in_outputs = zen_xcalloc(n + 1, sizeof(*s->in_outputs));
	s->in_mints = zen_xcalloc(n + 1, sizeof(*s->in_mints));
	s->in_is_mint = zen_xcalloc(n + 1, sizeof(*s->in_is_mint));
	for (size_t i = 0; i < n; i++)
		zen_output_init(&s->in_outputs[i]);
	s->n_in = n;
	for (size_t i = 0; i < n; i++)
		if ((rc = read_input(&r, s, i, err)))
			goto fail;
	if ((rc = zen_read_list_count(&r, &n, MIN_OUTPUT_SIZE, err)))
		goto fail;
	s->outputs = zen_xcalloc(n + 1, sizeof(*s->outputs));
	for (size_t i = 0; i < n; i++)
		zen_output_init(&s->outputs[i]);
	s->n_outputs = n;
	for (size_t i = 0; i < n; i++)
		if ((rc = zen_output_read(&r, &s->outputs[i], err)))
			goto fail;
	if (zen_reader_left(&r)) {
		rc = zen_fail(err, ZEN_EINVAL, "trailing bytes");
		goto fail;
	}
	return 0;
fail:
	zen_txskel_release(s);
	return rc;
}

void zen_txskel_encode(struct zen_buf *out, const struct zen_txskel *s)
{
	zen_write_varint(out, (uint32_t)s->n_in);
	for (size_t i = 0; i < s->n_in; i++) {
		if (s->in_is_mint[i]) {
			zen_write_u8(out, TAG_MINT);
			zen_write_spend(out, &s->in_mints[i]);
		} else {
			zen_write_u8(out, TAG_POINTED);
			zen_write_outpoint(out, &s->in_outpoints[i]);
			zen_output_write(out, &s->in_outputs[i]);
		}
	}
	zen_write_varint(out, (uint32_t)s->n_outputs);
	for (size_t i = 0; i < s->n_outputs; i++)
		zen_output_write(out, &s->outputs[i]);
}
