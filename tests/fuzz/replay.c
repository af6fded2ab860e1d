/*
 * replay.c - run a fuzz harness without libFuzzer, for `make check`.
 *
 * usage: replay-<name> [-n MUTATIONS] [FILE|DIR]...
 * Without paths it replays $ZEN_SRCDIR/tests/fuzz/corpus/<name>.  Each
 * input is run as is, then MUTATIONS times (default 200) mutated with a
 * fixed-seed generator (bit flips, byte changes, truncation, insertion,
 * duplication), so every run is reproducible.  A failed consistency check
 * aborts; success prints one TAP line.  No input at all (an empty corpus
 * directory) is a failure, not a pass.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>

#include "core/base/buf.h"
#include "fuzz.h"

#ifndef FUZZ_NAME
#error "FUZZ_NAME must name the harness"
#endif

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static size_t files, runs;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void mutate(struct zen_buf *b)
{
	size_t pos = b->len ? rng() % b->len : 0;
	uint8_t c = (uint8_t)rng();

	switch (rng() % 6) {
	case 0:
		if (b->len)
			b->data[pos] ^= (uint8_t)(1u << (rng() % 8));
		break;
	case 1:
		if (b->len)
			b->data[pos] = c;
		break;
	case 2:
		b->len = pos;
		break;
	case 3:
		zen_buf_addch(b, c);
		if (b->len > 1) {
			memmove(b->data + pos + 1, b->data + pos,
				b->len - 1 - pos);
			b->data[pos] = c;
		}
		break;
	case 4:
		if (b->len && b->len < (1u << 20)) {
			/* grow first: appending from b->data itself would
			 * read freed memory after a reallocation */
			zen_buf_grow(b, pos + 1);
			memcpy(b->data + b->len, b->data, pos + 1);
			b->len += pos + 1;
			b->data[b->len] = 0;
		}
		break;
	default:
		if (b->len)
			b->data[pos] = (uint8_t)(c & 1 ? 0xff : 0x80);
		break;
	}
}

static void run(const uint8_t *p, size_t n)
{
	/* a private copy so that reads past n are caught by ASan */
	uint8_t *copy = zen_xmalloc(n ? n : 1);

	if (n)		/* an empty file has no buffer at all */
		memcpy(copy, p, n);
	LLVMFuzzerTestOneInput(copy, n);
	free(copy);
	runs++;
}

static int replay_file(const char *path, int mutations)
{
	struct zen_buf in = ZEN_BUF_INIT, m = ZEN_BUF_INIT;
	uint8_t chunk[4096];
	size_t got;
	FILE *f = fopen(path, "rb");

	if (!f) {
		printf("not ok 1 - %s: cannot open %s: %s\n", FUZZ_NAME, path,
		       strerror(errno));
		return -1;
	}
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0)
		zen_buf_add(&in, chunk, got);
	fclose(f);
	files++;
	run(in.data, in.len);
	for (int i = 0; i < mutations; i++) {
		if (i % 8 == 0) {
			zen_buf_reset(&m);
			zen_buf_add(&m, in.data, in.len);
		}
		mutate(&m);
		run(m.data, m.len);
	}
	zen_buf_release(&in);
	zen_buf_release(&m);
	return 0;
}

static int replay_path(const char *path, int mutations);

static int replay_dir(const char *path, int mutations)
{
	struct dirent **names;
	char sub[4096];
	int n = scandir(path, &names, NULL, alphasort), ret = 0;

	if (n < 0) {
		printf("not ok 1 - %s: cannot read %s: %s\n", FUZZ_NAME, path,
		       strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.' && !ret) {
			snprintf(sub, sizeof(sub), "%s/%s", path,
				 names[i]->d_name);
			ret = replay_path(sub, mutations);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

static int replay_path(const char *path, int mutations)
{
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return replay_dir(path, mutations);
	return replay_file(path, mutations);
}

int main(int argc, char **argv)
{
	char dflt[4096];
	const char *src = getenv("ZEN_SRCDIR");
	int mutations = 200, i = 1;

	if (argc > 2 && !strcmp(argv[1], "-n")) {
		mutations = atoi(argv[2]);
		i = 3;
	}
	printf("1..1\n");
	if (i == argc) {
		snprintf(dflt, sizeof(dflt), "%s/tests/fuzz/corpus/%s",
			 src ? src : ".", FUZZ_NAME);
		if (replay_path(dflt, mutations))
			return 1;
	}
	for (; i < argc; i++)
		if (replay_path(argv[i], mutations))
			return 1;
	/* an empty or lost corpus tests nothing: that is a failure */
	if (!files) {
		printf("not ok 1 - %s: no inputs to replay\n", FUZZ_NAME);
		return 1;
	}
	printf("ok 1 - %s: %zu inputs, %zu runs without a finding\n",
	       FUZZ_NAME, files, runs);
	return 0;
}
