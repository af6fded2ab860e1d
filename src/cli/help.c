/*
 * help.c - --help, the zen(1) page and shell completion, all generated from
 * the operation table (ops/table.c) and the global options (main.c), so they
 * cannot drift from what the binary does.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "core/base/err.h"
#include "ops/throttle.h"
#include "server/policy.h"
#include "server/serve.h"

const char *cli_option_name(const char *param_name)
{
	static char buf[128];
	size_t j = 0;

	for (const char *s = param_name; *s && j < sizeof(buf) - 2; s++) {
		if (isupper((unsigned char)*s)) {
			buf[j++] = '-';
			buf[j++] = (char)tolower((unsigned char)*s);
		} else {
			buf[j++] = *s;
		}
	}
	buf[j] = 0;
	return buf;
}

const char *cli_param_option(const struct zen_param *p)
{
	static char buf[160];

	if (p->type == ZEN_PT_PASSWORD && strcmp(p->name, "password"))
		snprintf(buf, sizeof(buf), "%s-password-file",
			 cli_option_name(p->name));
	else if (p->type == ZEN_PT_PASSWORD || p->type == ZEN_PT_WORDS)
		snprintf(buf, sizeof(buf), "%s-file", cli_option_name(p->name));
	else
		snprintf(buf, sizeof(buf), "%s", cli_option_name(p->name));
	return buf;
}

static const char *type_name(enum zen_param_type type)
{
	switch (type) {
	case ZEN_PT_STRING: return "text";
	case ZEN_PT_AMOUNT: return "kalapas 1..18446744073709551615, or ZP "
		"with up to 8 decimals and the unit: 1.5zp (or with --zp: 1.5)";
	case ZEN_PT_U32: return "integer 0..4294967295";
	case ZEN_PT_U64: return "integer 0..18446744073709551615";
	case ZEN_PT_BOOL: return "a flag, or true or false";
	case ZEN_PT_HEX: return "hex";
	case ZEN_PT_HASH: return "64 hex";
	case ZEN_PT_FILE: return "file, - for stdin";
	case ZEN_PT_PASSWORD: return "never on the command line: from FILE, "
		"--password-fd N, --password-stdin, $ZEN_PASSWORD_FILE or a prompt";
	case ZEN_PT_JSON: return "JSON";
	case ZEN_PT_WORDS: return "read from FILE (- for stdin) or a prompt";
	}
	return "value";
}

static void command_words(FILE *out, const struct zen_op *op)
{
	fprintf(out, "%s%s%s", op->group, op->verb ? " " : "",
		op->verb ? op->verb : "");
}

/* A boolean option is a flag: `--hex` alone means `--hex true` (main.c),
 * so usage lines show it without a value. */
static int is_flag(const struct zen_param *p)
{
	return p->type == ZEN_PT_BOOL && !(p->flags & ZEN_PF_REQUIRED);
}

void cli_usage_line(FILE *out, const struct zen_op *op)
{
	fputs("zen ", out);
	command_words(out, op);
	for (const struct zen_param *p = op->params; p->name; p++) {
		int req = p->flags & ZEN_PF_REQUIRED;

		fputs(req ? " " : " [", out);
		if (p->flags & ZEN_PF_POSITIONAL)
			fprintf(out, "%s%s", p->metavar,
				p->flags & ZEN_PF_REST ? "..." : "");
		else if (is_flag(p))
			fprintf(out, "--%s", cli_param_option(p));
		else
			fprintf(out, "--%s %s", cli_param_option(p), p->metavar);
		fputs(req ? "" : "]", out);
	}
	fputc('\n', out);
}

static void op_words(char *buf, size_t size, const struct zen_op *op)
{
	snprintf(buf, size, "%s%s%s", op->group, op->verb ? " " : "",
		 op->verb ? op->verb : "");
}

/* Width of the command column: the longest command words. */
static int words_width(void)
{
	size_t width = 0;

	for (const struct zen_op *op = zen_ops; op->group; op++) {
		char words[64];

		op_words(words, sizeof(words), op);
		if (strlen(words) > width)
			width = strlen(words);
	}
	return (int)width;
}

static void list_ops(FILE *out, const char *group)
{
	int width = words_width();

	for (const struct zen_op *op = zen_ops; op->group; op++) {
		char words[64];

		if (group && strcmp(op->group, group))
			continue;
		op_words(words, sizeof(words), op);
		fprintf(out, "  %-*s  %s\n", width, words, op->summary);
	}
}

/* A metavar "[=X]": the value is optional and only given as --name=X. */
static int optional_value(const struct cli_global_opt *g)
{
	return g->metavar && g->metavar[0] == '[';
}

static void list_global_opts(FILE *out)
{
	for (const struct cli_global_opt *g = cli_global_opts; g->name; g++) {
		char spec[64];

		snprintf(spec, sizeof(spec), "--%s%s%s", g->name,
			 g->metavar && !optional_value(g) ? " " : "",
			 g->metavar ? g->metavar : "");
		fprintf(out, "  %-26s %s\n", spec, g->help);
	}
}

void cli_help_main(FILE *out)
{
	fputs("usage: zen [options] GROUP COMMAND [arguments]\n\n"
	      "zen is a Zen Protocol node and wallet.  Commands run against the\n"
	      "local data directory, or against a remote node with --url.\n\n"
	      "Commands:\n", out);
	list_ops(out, NULL);
	fputs("\nOptions:\n", out);
	list_global_opts(out);
	fputs("\nRun 'zen GROUP COMMAND --help' for a command's arguments and\n"
	      "'man zen' for exit codes and the HTTP API.\n", out);
}

void cli_help_group(FILE *out, const char *group)
{
	fprintf(out, "usage: zen [options] %s COMMAND [arguments]\n\n"
		"Commands:\n", group);
	list_ops(out, group);
}

void cli_help_op(FILE *out, const struct zen_op *op)
{
	fputs("usage: ", out);
	cli_usage_line(out, op);
	fprintf(out, "\n%s\n", op->summary);
	if (op->description)
		fprintf(out, "\n%s\n", op->description);
	if (op->params[0].name)
		fputs("\nArguments:\n", out);
	for (const struct zen_param *p = op->params; p->name; p++) {
		char spec[64];

		snprintf(spec, sizeof(spec), "--%s %s", cli_param_option(p),
			 p->metavar);
		fprintf(out, "  %-26s %s (%s%s)\n", spec, p->help,
			type_name(p->type),
			p->flags & ZEN_PF_REQUIRED ? ", required" : "");
	}
	if (op->path)
		fprintf(out, "\nHTTP: %s %s\n", op->method, op->path);
	else
		fputs("\nRuns locally only (no HTTP route).\n", out);
}

/* --- zen(1) ----------------------------------------------------------- */

/* Escape text for roff: backslashes and leading dots or quotes. */
static void roff(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else
			fputc(*s, out);
	}
}

static void man_op(FILE *out, const struct zen_op *op)
{
	fputs(".TP\n.B zen ", out);
	command_words(out, op);
	for (const struct zen_param *p = op->params; p->name; p++) {
		int req = p->flags & ZEN_PF_REQUIRED;

		fputs(req ? " " : " [", out);
		if (p->flags & ZEN_PF_POSITIONAL)
			fputs("\\fI", out), roff(out, p->metavar),
				fputs(p->flags & ZEN_PF_REST ? "...\\fR" : "\\fR",
				      out);
		else if (is_flag(p))
			fputs("\\-\\-", out), roff(out, cli_param_option(p));
		else
			fputs("\\-\\-", out), roff(out, cli_param_option(p)),
				fputs(" \\fI", out), roff(out, p->metavar),
				fputs("\\fR", out);
		fputs(req ? "" : "]", out);
	}
	fputs("\n", out);
	roff(out, op->summary);
	fputs(".\n", out);
	if (op->description) {
		roff(out, op->description);
		fputc('\n', out);
	}
	if (op->path) {
		fprintf(out, "HTTP: \\fB%s ", op->method);
		roff(out, op->path);
		fputs("\\fR.\n", out);
	}
	for (const struct zen_param *p = op->params; p->name; p++) {
		fputs(".br\n\\-\\-", out);
		roff(out, cli_param_option(p));
		fprintf(out, " \\fI%s\\fR: ", p->metavar);
		roff(out, p->help);
		fprintf(out, " (%s%s).\n", type_name(p->type),
			p->flags & ZEN_PF_REQUIRED ? ", required" : "");
	}
}

static const char man_head[] =
".TH ZEN 1 \"\" \"zen " ZEN_VERSION_STRING "\" \"Zen Protocol\"\n"
".SH NAME\n"
"zen \\- Zen Protocol node and wallet\n"
".SH SYNOPSIS\n"
".B zen\n"
"[\\fIoptions\\fR] \\fIGROUP\\fR \\fICOMMAND\\fR [\\fIarguments\\fR]\n"
".br\n"
".B zen serve\n"
"[\\-\\-bind \\fIHOST:PORT\\fR]\n"
".SH DESCRIPTION\n"
"\\fBzen\\fR speaks the Zen Protocol: its transactions, blocks, hashes,\n"
"addresses and contract ids are byte-identical to the reference node's.\n"
"Every command exists once and runs three ways: locally against the data\n"
"directory (the default), against a remote node with \\fB\\-\\-url\\fR, and\n"
"served over HTTP by \\fBzen serve\\fR, with the reference node's paths and\n"
"JSON shapes.\n"
".PP\n"
"Arguments are given as \\fB\\-\\-name value\\fR (or \\fB\\-\\-name=value\\fR);\n"
"the HTTP parameter spelling (\\fB\\-\\-blockNumber\\fR) is accepted too.\n"
"Arguments shown in italics without a name may also be given in order.\n"
".PP\n"
"Output is JSON, one document a line, when standard output is not a\n"
"terminal or with \\fB\\-\\-json\\fR; on a terminal the same data is shown as\n"
"indented \\fIkey: value\\fR lines.  Commands that answer text (such as\n"
"\\fBcontract contractid\\fR) print it as is.  Errors go to standard error as\n"
"one lowercase line.\n"
".SH OPTIONS\n";

static const char man_tail[] =
".SH EXIT STATUS\n"
".TP\n.B 0\nsuccess\n"
".TP\n.B 1\nrefused by the node (an invalid block or transaction)\n"
".TP\n.B 2\nusage error or bad input; a mistyped group, command or option\n"
"adds \\(lqdid you mean ...?\\(rq with the closest names, and words that spell a\n"
"route of the HTTP API (\\fBzen wallet contract execute\\fR) name the command\n"
"that serves it (\\fBzen contract execute\\fR)\n"
".TP\n.B 3\nnot found\n"
".TP\n.B 4\nwrong password\n"
".TP\n.B 5\nnode unreachable (with \\-\\-url)\n"
".TP\n.B 6\nlocal store locked or damaged\n"
".TP\n.B 70\ninternal error\n"
".PP\n"
"With \\fB\\-\\-url\\fR the same codes are used: \\fBzen serve\\fR puts the\n"
"code in its error replies, and for other nodes HTTP 400 maps to 1 (4 when\n"
"the text is \\(lqBad password\\(rq), 403 to 4, 404 to 3 and any other\n"
"failure to 70.  A wrong wallet password is 400 \\(lqBad password\\(rq, as on\n"
"the reference node.\n"
".SH HTTP API\n"
"\\fBzen serve\\fR listens on 127.0.0.1 unless \\fB\\-\\-bind\\fR says otherwise,\n"
"on port 11567 (main), 31567 (test) or 20000 (local) by default.\n"
"Successful replies are JSON (\\fBapplication/json\\fR) or, for the\n"
"operations that say so, \\fBtext/plain\\fR.  Errors are HTTP 4xx or 5xx\n"
"with the message as a \\fBtext/plain\\fR body, or, when the request's\n"
"\\fBAccept\\fR header names \\fBapplication/json\\fR and no \\fB*/*\\fR\n"
"(\\fBzen \\-\\-url\\fR does; a browser's or axios's Accept gets text),\n"
"\\fB{\"error\": \"...\", \"code\": N}\\fR where N is the exit status above;\n"
"an unknown path or method answers 400 \\fBunmatched request\\fR, a method\n"
"other than GET, POST and OPTIONS 405, OPTIONS 202, both with an empty\n"
"body and no \\fBContent\\-Type\\fR.  The requests the HTTP layer refuses\n"
"before routing follow the same rule: a malformed request line or header\n"
"(400 \\fBmalformed request\\fR), a body over the limit or a bad chunked\n"
"body (413).  Request bodies over 16 MiB are refused with 413, and a POST\n"
"body whose \\fBContent\\-Type\\fR is not \\fBapplication/json\\fR with 415\n"
"(so a browser's cross-origin form post never runs anything).  Requests\n"
"whose Host header names neither the bound address nor localhost are\n"
"refused with 403 (DNS-rebinding defence).\n"
".PP\n"
"Replies carry a \\fBContent\\-Length\\fR, except the pages of\n"
"/blockchain/headers and /blockchain/blocks over 256 KiB, which are sent\n"
"as they are read, at the pace the client reads them: chunked to HTTP/1.1\n"
"clients, ended by the close of the connection for HTTP/1.0 ones.  A\n"
"failure after such a reply has begun (the chain reorganised under the\n"
"page, a store error) can only close the connection: the client sees the\n"
"body cut short, without its last chunk, and asks again.\n"
".PP\n"
"Parameters are read as the reference node reads them.  A query parameter\n"
"or body field that the route does not take is ignored; query names\n"
"match in any case and the last of a repeated one wins.  In a POST body\n"
"a missing text field is empty and a missing list is empty (so the answer\n"
"is, say, \\fBPassword is empty\\fR), numbers may be given as decimal\n"
"strings and numbers where text is expected are taken as their text; a\n"
"body that does not parse, or a field of a type that cannot be read,\n"
"answers 400 with the route's prefix (\\fBJson is invalid: \\fR; \\fBJson\n"
"invalid: \\fR for the sends and raw transactions, \\fBInvalid JSON \\fR for\n"
"/blockchain/contract/execute).  A POST without a body is an unmatched\n"
"request, except for /wallet/resync, /wallet/getnewaddress and\n"
"/blockchain/blocktemplate.  \\fBzen \\-\\-url\\fR checks its arguments\n"
"itself first, as a local run does.\n";

/* zen.conf (src/cli/config.c) and zen serve as a service (service.c). */
static const char man_config[] =
".SH CONFIGURATION\n"
"Every option above and every option of \\fBzen serve\\fR (but \\-\\-help,\n"
"\\-\\-version and \\-\\-conf) may also be set in a file, one\n"
"\\fIkey\\fR \\fB=\\fR \\fIvalue\\fR a line, the key spelled as the long option:\n"
".PP\n"
".nf\n"
"# DATADIR/zen.conf\n"
"bind = 127.0.0.1:20000\n"
"log\\-level = debug      # a comment after a blank\n"
"[main]\n"
"bind = 0.0.0.0:11567\n"
".fi\n"
".PP\n"
"The file is \\fB\\-\\-conf\\fR \\fIFILE\\fR, else \\fB$ZEN_CONF\\fR, else\n"
"\\fIDATADIR/zen.conf\\fR when it exists.  A line\n"
"\\fB[main]\\fR, \\fB[test]\\fR or \\fB[local]\\fR starts a section whose keys\n"
"count only on that chain, over the same keys before any section.  A flag\n"
"is \\fBtrue\\fR or \\fBfalse\\fR; a key given twice: the last one counts.\n"
"Each key is also an environment variable, \\fBZEN_\\fR and the key in\n"
"capitals with \\fB_\\fR for \\fB\\-\\fR (below).  The command line wins over\n"
"the environment, which wins over the file, which wins over the built-in\n"
"defaults.  An unknown key or section, or a bad value, in the file or the\n"
"environment stops zen with exit status 2 and the file and line\n"
"(\\fIzen.conf:7: unknown key 'bnd' (did you mean 'bind'?)\\fR).  The\n"
"data directory's own zen.conf cannot set \\fBdatadir\\fR, nor, in the\n"
"default data directory of a chain, another \\fBchain\\fR.\n"
"\\fBzen config show\\fR prints every key, its value and where it comes from.\n"
".SH RUNNING AS A SERVICE\n"
"\\fBzen serve\\fR logs to standard error, or to \\fB\\-\\-log\\-file\\fR \\fIFILE\\fR\n"
"(appended to), one line an event: an ISO 8601 UTC time, the level, the\n"
"message.  \\fB\\-\\-log\\-level\\fR is \\fBerror\\fR, \\fBwarn\\fR, \\fBinfo\\fR (the\n"
"default: start, stop, blocks connected and reorganisations) or\n"
"\\fBdebug\\fR (also one line per HTTP request: method, path with the\n"
"names of its query parameters but not their values, status, body bytes,\n"
"microseconds; never a body, a header, a password or a key).  SIGHUP\n"
"reopens the log file, for logrotate.  \\fB\\-\\-pid\\-file\\fR \\fIFILE\\fR\n"
"is written once the API listens and removed at a clean stop; a file that\n"
"a running zen holds (locked) is refused with exit status 6, one left by\n"
"a zen that died is taken over.  With \\fB$NOTIFY_SOCKET\\fR set (systemd's\n"
"Type=notify), zen serve reports READY=1 once listening and STOPPING=1.\n"
"SIGINT and SIGTERM stop it within 100 ms in any state (mining, sending a\n"
"large page, running a contract): work under way is cancelled and its\n"
"store transaction aborted, so the store stays consistent; a password's\n"
"key derivation, which nothing can interrupt, is not waited for.  The source\n"
"tree's contrib/zen.service (installed by \\fBmake install\\fR in\n"
"\\fIPREFIX/lib/systemd/system\\fR) runs it as user zen on\n"
"\\fI/var/lib/zen\\fR with a hardened sandbox; contrib/zen.logrotate\n"
"(\\fISYSCONFDIR/logrotate.d/zen\\fR) rotates its log.\n";

/* The peer-to-peer front (src/net: net.h, net-int.h has the limits). */
static const char man_p2p[] =
".SH PEER-TO-PEER NETWORK\n"
"\\fBzen serve\\fR is also a node of the Zen Protocol network: it speaks\n"
"the reference node's protocol (ZeroMQ, ZMTP/2.0, its 21 messages), serves\n"
"peers the chain and the mempool, announces new tips and transactions\n"
"(every 200 ms), and takes blocks and transactions from peers through the\n"
"same checks as the API's.  It listens on \\fB\\-\\-listen\\fR (default\n"
"0.0.0.0:9655 main, 0.0.0.0:29555 test, 127.0.0.1:10000 local; port 0\n"
"picks a free one, and the log says which): an explicit \\fB\\-\\-listen\\fR\n"
"that cannot be bound stops zen serve with exit status 2, a default one\n"
"in use is only a warning.  \\fB\\-\\-no\\-listen\\fR only dials.\n"
".PP\n"
"\\fB\\-\\-connect\\fR and \\fB\\-\\-addnode\\fR may be given several times\n"
"(in zen.conf, several lines: each counts).\n"
"Outbound: with \\fB\\-\\-connect\\fR only the peers it names (retried for\n"
"ever); else the \\fB\\-\\-addnode\\fR peers (also retried for ever) and up to\n"
"10 more from the address book (addresses peers told of and that were\n"
"seen alive in the last 3 days) and the chain's seeds (main and test;\n"
"\\fB\\-\\-no\\-seeds\\fR never dials them).  The address book and the ban list\n"
"live in \\fIDATADIR/peers/\\fR.  With \\fB\\-\\-external\\-address\\fR the\n"
"node tells the peers it dials its own IP:PORT, which they pass on.\n"
".PP\n"
"A node 500 blocks or more behind a peer's tip downloads from that peer:\n"
"headers 2000 at a time, blocks 20 in flight; a peer silent for 10\n"
"seconds is dropped and the others asked again.  Closer than that, it\n"
"fetches the announced block and its missing ancestors one by one.\n"
"\\fB/blockchain/info\\fR shows \\fBheaders\\fR (the best header known) and\n"
"\\fBinitialBlockDownload\\fR; \\fBzen blockchain info\\fR on a terminal adds\n"
"a line saying how far the download is.\n"
".PP\n"
"Misbehaviour counts against the peer's IP address: bytes that are no\n"
"ZMTP or a message that does not decode 50 (the connection is closed, as\n"
"the reference does), an invalid block or a header without valid proof of\n"
"work 100, a Transactions batch that does not parse 20, a hash list of a\n"
"ragged length or an invalid address 10, a Block or Transactions nobody\n"
"asked for 5, each message over the rate 1.  At 100 the address is\n"
"banned for a day (\\fBzen network banned\\fR, \\fBban\\fR, \\fBunban\\fR;\n"
"the peers \\fB\\-\\-connect\\fR and \\fB\\-\\-addnode\\fR name are only\n"
"disconnected, and dialled again whatever the ban list says).\n"
"Limits: \\fB\\-\\-max\\-peers\\fR inbound peers (default 125; a connection\n"
"must say Hello within 10 seconds); per peer 500 messages a second (a\n"
"burst of 2000; requests have 5000 a second of their own and wait rather\n"
"than being dropped), 16 MiB sent and not yet read (its requests then\n"
"wait), frames of 4 MiB from a peer it accepted unless a block or\n"
"transactions were asked of it (else 128 MiB).\n"
"\\fB/network/connections/count\\fR counts inbound and outbound\n"
"peers with a completed handshake; the reference counts its outbound\n"
"peers only.\n";

static void man_env_key(void *ctx, const char *key, const char *env)
{
	FILE *out = ctx;

	fprintf(out, ".TP\n.B %s\nas \\-\\-", env);
	roff(out, key);
	fputc('\n', out);
}

/* After the HTTP API section and its subsections: every variable zen
 * reads, the configuration keys' from config.c. */
static void man_env(FILE *out)
{
	fputs(man_config, out);
	fputs(".SH ENVIRONMENT\n", out);
	cli_config_keys(man_env_key, out);
	fputs(".TP\n.B ZEN_PASSWORD_FILE\n"
	      "a file holding the wallet password (its first line)\n"
	      ".TP\n.B XDG_DATA_HOME\nbase of the default data directory\n"
	      ".TP\n.B HOME\nthe default data directory without XDG_DATA_HOME\n"
	      ".TP\n.B NOTIFY_SOCKET\nzen serve: where systemd waits for READY=1\n"
	      ".TP\n.B ZEN_WALLET_KDF\nthe key derivation cost of a new "
	      "wallet's password: moderate (default), interactive, sensitive, "
	      "or fast (tests only)\n"
	      ".TP\n.B ZEN_ADDRDB_BATCH\n.PD 0\n.TP\n.B ZEN_ADDRDB_PAUSE_MS\n.PD\n"
	      "tests: blocks per batch of the address index's build (default: "
	      "250 ms of work), and a pause between batches\n"
	      ".TP\n.B ZEN_NET_CLOCK_RATE\n"
	      "tests: the peer-to-peer front's timers run this many times "
	      "faster (1 to 1000; keep-alive, stalls, retries)\n"
	      ".SH FILES\n"
	      ".TP\n.I $XDG_DATA_HOME/zen/CHAIN\n"
	      "default data directory (\\fI~/.local/share/zen/CHAIN\\fR without\n"
	      "XDG_DATA_HOME)\n"
	      ".TP\n.I DATADIR/zen.conf\n"
	      "the configuration file, when \\-\\-conf and ZEN_CONF name none\n"
	      ".TP\n.I PREFIX/lib/systemd/system/zen.service\n"
	      "the systemd unit: \\fBzen serve\\fR as user zen on /var/lib/zen,\n"
	      "logging to /var/log/zen/zen.log, pid file /run/zen/zen.pid\n"
	      ".TP\n.I SYSCONFDIR/logrotate.d/zen\n"
	      "its log's rotation (SIGHUP through the pid file)\n"
	      ".SH SEE ALSO\n"
	      ".BR zen-contracts (7):\n"
	      "the ZF* language of contracts, production by production.\n"
	      "The Zen Protocol reference node documentation.\n", out);
}

/* The paths of the rows with flag, "\fB/a\fR, \fB/b\fR" (sep ", ") or
 * one "METHOD path" a line (sep NULL). */
static void man_routes(FILE *out, unsigned flag, const char *sep)
{
	int first = 1;

	for (const struct zen_op *op = zen_ops; op->group; op++) {
		if (!op->path || !(op->flags & flag))
			continue;
		if (sep) {
			fputs(first ? "\\fB" : sep, out);
			if (!first)
				fputs("\\fB", out);
		} else {
			fprintf(out, ".br\n%s ", op->method);
		}
		roff(out, op->path);
		fputs(sep ? "\\fR" : "\n", out);
		first = 0;
	}
}

/* The api token and public mode (src/server/policy.h), with the route
 * lists taken from the table. */
static void man_policy(FILE *out)
{
	fputs(".SS The api token\n"
	      "When \\fBzen serve\\fR has an api token (\\fB\\-\\-api\\-token\\-file\\fR,\n"
	      "or the cookie file \\fIDATADIR/.cookie\\fR, mode 0600, that it writes\n"
	      "when bound beyond loopback and removes when it stops), the wallet\n"
	      "routes (\\fB/wallet/...\\fR), the routes that spend the node's CPU\n"
	      "without a bound and those that ban peers (", out);
	man_routes(out, ZEN_OPF_CPU | ZEN_OPF_ADMIN, ", ");
	fputs(") need the header \\fBAuthorization: Bearer\\fR \\fITOKEN\\fR,\n"
	      "on loopback too; otherwise they answer 401 \\fBmissing or wrong api\n"
	      "token\\fR with \\fBWWW\\-Authenticate: Bearer\\fR.  \\fBzen \\-\\-url\\fR sends\n"
	      "the token of \\fB\\-\\-api\\-token\\-file\\fR.\n"
	      ".SS Public mode\n"
	      "\\fBzen serve \\-\\-public true\\fR runs a node for others (light wallets,\n"
	      "explorers) with no proxy in front.  It serves only these routes:\n", out);
	man_routes(out, ZEN_OPF_PUBLIC, NULL);
	fputs(".br\n"
	      "Every other route answers 403 \\fBnot available on a public node\\fR and\n"
	      "no wallet is opened.  Nothing private being reachable, no api token is\n"
	      "needed, and the node may be bound beyond loopback without one.\n"
	      ".PP\n", out);
	fprintf(out,
	      "Each source address (for IPv6, each /64; the TCP peer, so behind a\n"
	      "proxy all its clients share one) has a token bucket of\n"
	      "\\fB\\-\\-rate\\-limit\\fR \\fIN\\fR requests per second (default %u) holding\n"
	      "at most %u\\fIN\\fR (default %u): a burst of %u\\fIN\\fR requests, then \\fIN\\fR a\n"
	      "second.  Every request takes one; a request that finds its bucket empty\n"
	      "answers 429 \\fBtoo many requests\\fR with \\fBRetry\\-After\\fR, the seconds\n"
	      "until the next one is back (at least 1).  %u sources are tracked at\n"
	      "once; a source is forgotten only once its bucket is full again, and\n"
	      "while none can be forgotten newcomers share one more bucket of the same\n"
	      "size.  Request bodies over %u KiB answer 413 \\fBrequest body too\n"
	      "large\\fR.  ", SRV_RATE_DEFAULT, SRV_RATE_BURST_FACTOR,
	      SRV_RATE_BURST_FACTOR * SRV_RATE_DEFAULT, SRV_RATE_BURST_FACTOR,
	      SRV_RATE_SETS * SRV_RATE_WAYS, SRV_PUBLIC_MAX_BODY >> 10);
	fputs("Every reply carries \\fBAccess\\-Control\\-Allow\\-Origin: *\\fR and\n"
	      "the preflight headers \\fBAccess\\-Control\\-Allow\\-Headers: Origin,\n"
	      "X\\-Requested\\-With, Content\\-Type, Accept\\fR, \\fBAccess\\-Control\\-Allow\\-Methods:\n"
	      "GET, POST\\fR and \\fBAccess\\-Control\\-Max\\-Age: 1728000\\fR.\n", out);
}

/* zen serve's limits and the password throttle (serve.h, throttle.h). */
static void man_limits(FILE *out)
{
	fprintf(out,
	      ".SS Connections\n"
	      "At start \\fBzen serve\\fR raises its open-file limit (\\fBulimit \\-n\\fR)\n"
	      "to the hard limit.  It serves at most \\fB\\-\\-max\\-connections\\fR\n"
	      "connections at once: by default that limit minus %u, minus %u for each\n"
	      "worker thread (\\fB\\-\\-threads\\fR), minus %u kept for refusals; and at\n"
	      "most \\fB\\-\\-max\\-connections\\-per\\-address\\fR from one source address\n"
	      "(for IPv6, one /64), by default a quarter of that (at least 1).  A\n"
	      "connection past either cap\n"
	      "gets 503 \\fBtoo many connections\\fR, in the format its request asks\n"
	      "for if the request comes within %u ms, else as text, and is closed;\n"
	      "the connections already open are served as before.  With %u refusals\n"
	      "under way it stops accepting until some connections close, so it never\n"
	      "runs out of file descriptors.\n",
	      SRV_FDS_RESERVED, SRV_FDS_PER_WORKER, SRV_CONN_SLACK,
	      SRV_REFUSE_GRACE_MS, SRV_CONN_SLACK);
	fprintf(out,
	      ".SS Long operations and the time limit\n"
	      "The operations that may take long (a password's key derivation, a\n"
	      "contract run, a send, a scan of the chain, mining, \\fBnode verify\\fR) run\n"
	      "on a pool of %u threads per core (at least %u), not on the threads that\n"
	      "answer HTTP, so cheap requests are answered while they run.  One still\n"
	      "running after \\fB\\-\\-request\\-timeout\\fR seconds (default %u) is\n"
	      "answered 503 \\fBrequest timed out after N s\\fR at once; its work stops\n"
	      "where it can (contract runs, mining, verification) and its store\n"
	      "transaction is aborted, so nothing it was writing is half-written.  The\n"
	      "wait of the password throttle below does not count.\n",
	      SRV_POOL_PER_CORE, SRV_POOL_MIN, SRV_DEFAULT_TIMEOUT);
	fprintf(out,
	      ".SS Wrong passwords\n"
	      "Over HTTP, wallet password attempts are slowed per source address\n"
	      "(for IPv6, per /64), never refused: an attempt waits for its slot (the\n"
	      "server goes on\n"
	      "serving others meanwhile).  A source with no wrong password in the last\n"
	      "%u minutes runs at once, but its attempts made while one of its own is\n"
	      "under way are %u s apart.  A source with a wrong password in that time\n"
	      "gets one attempt every %u s, and all such sources together %u a\n"
	      "second, so guessing from many addresses is no faster.  A right\n"
	      "password clears its source.  %u sources are remembered; while the table\n"
	      "is full of recent failures a source it does not know counts as one\n"
	      "with failures.  Their attempts queue behind other work and use at most\n"
	      "half of the pool.  The command line makes one attempt per process and\n"
	      "is not slowed.\n",
	      ZEN_PW_WINDOW_MS / 60000, ZEN_PW_SOURCE_GAP_MS / 1000,
	      ZEN_PW_SOURCE_GAP_MS / 1000, ZEN_PW_GLOBAL_RATE, ZEN_PW_SOURCES);
}

/* EXAMPLES: a few lines of every group of the table (t0001 checks that
 * no group is without). */
static const char man_examples[] =
".SH EXAMPLES\n"
".SS blockchain\n"
".nf\n"
"zen blockchain info\n"
"zen blockchain mine \\-\\-blocks 12 \\-\\-address \"$(zen wallet address | tr \\-d '\"')\"\n"
"zen blockchain block 5\n"
"zen \\-\\-url http://127.0.0.1:20000 blockchain headers \\-\\-take 10\n"
"zen blockchain cgp                     # the common goods pool, readable on a terminal\n"
".fi\n"
".SS wallet\n"
".nf\n"
"zen wallet create                      # asks for a password; shows the words once\n"
"zen wallet balance\n"
"zen wallet send \\-\\-address tzn1q... \\-\\-amount 150000000   # 1.5 ZP\n"
"zen wallet vote                        # where the next block stands in the CGP vote\n"
"zen wallet vote allocation 10 \\-\\-password\\-file pw\n"
".fi\n"
".SS contract\n"
".nf\n"
"zen contract check token.fst && zen contract id token.fst\n"
"zen contract run counter.fst \\-\\-command \"\" \\-\\-state 040000000a    # U32 10, hex\n"
"zen contract run token.fst \\-\\-command buy \\-\\-tx \"$(cat skel.json)\" \\\\\n"
"    \\-\\-body '{\"dict\":[[\"returnAddress\",{\"lock\":{\"PK\":{\"hash\":\"3075...c2b4\"}}}]]}'\n"
"zen contract activate token.fst 100 \\-\\-password\\-file pw\n"
"zen contract execute czen1... Buy \\-\\-spends '[{\"asset\":\"00\",\"amount\":\"1000\"}]'\n"
"zen contract execute czen1... Sell \\-\\-message\\-body '{\"u64\":5}'   # or 050000000000000005\n"
"zen contract active\n"
".fi\n"
".SS address\n"
".nf\n"
"zen address decode tzn1q...\n"
"zen \\-\\-addressdb address balance tzn1q...    # the address index\n"
".fi\n"
".SS network\n"
".nf\n"
"zen network peers\n"
"zen network ban 192.0.2.7 3600        # an hour\n"
".fi\n"
".SS node\n"
".nf\n"
"zen node verify                        # the store against a replay of the chain\n"
".fi\n"
".SS rawtx, tx, block\n"
".nf\n"
"zen rawtx create \\-\\-address tzn1q... \\-\\-amount 1000 > raw   # online\n"
"zen rawtx sign \"$(cat raw)\" \\-\\-password\\-file pw              # offline\n"
"zen tx decode HEX\n"
"zen block decode HEX\n"
".fi\n"
".SS status, config, serve\n"
".nf\n"
"zen status                             # the node at a glance\n"
"zen config show\n"
"zen serve \\-\\-bind 127.0.0.1:20000 \\-\\-log\\-level info \\-\\-pid\\-file /run/zen.pid\n"
"zen \\-\\-chain main serve \\-\\-addressdb true\n"
".fi\n";

void cli_man(FILE *out)
{
	const char *group = NULL;

	fputs(man_head, out);
	for (const struct cli_global_opt *g = cli_global_opts; g->name; g++) {
		fprintf(out, ".TP\n.B \\-\\-%s", g->name);
		if (g->metavar)
			fprintf(out, "%s\\fI%s\\fR", optional_value(g) ? "" : " ",
				g->metavar);
		fputc('\n', out);
		roff(out, g->help);
		fputc('\n', out);
	}
	fputs(".SH COMMANDS\n", out);
	for (const struct zen_op *op = zen_ops; op->group; op++) {
		if (!group || strcmp(group, op->group)) {
			group = op->group;
			fprintf(out, ".SS %s\n", group);
		}
		man_op(out, op);
	}
	fputs(man_examples, out);
	fputs(man_tail, out);
	man_limits(out);
	man_policy(out);
	fputs(man_p2p, out);
	man_env(out);
}

/* --- completion ------------------------------------------------------- */

static void complete_prefix(FILE *out, const char *cand, const char *prefix)
{
	if (!strncmp(cand, prefix, strlen(prefix)))
		fprintf(out, "%s\n", cand);
}

static void complete_options(FILE *out, const struct zen_op *op,
			     const char *cur)
{
	char opt[140];

	for (const struct cli_global_opt *g = cli_global_opts; g->name; g++) {
		snprintf(opt, sizeof(opt), "--%s", g->name);
		complete_prefix(out, opt, cur);
	}
	for (const struct zen_param *p = op ? op->params : NULL; p && p->name; p++) {
		snprintf(opt, sizeof(opt), "--%s", cli_param_option(p));
		complete_prefix(out, opt, cur);
	}
}

static int takes_value(const struct zen_op *op, const char *word)
{
	if (strncmp(word, "--", 2) || strchr(word, '='))
		return 0;
	for (const struct cli_global_opt *g = cli_global_opts; g->name; g++)
		if (!strcmp(word + 2, g->name))
			return g->metavar && !optional_value(g);
	return op != NULL;	/* every parameter takes a value */
}

/* The op of a two-word verb: op's verb, then word. */
static const struct zen_op *sub_verb(const struct zen_op *op, const char *word)
{
	char verb[128];

	if (!op->verb || snprintf(verb, sizeof(verb), "%s %s", op->verb, word) >=
	    (int)sizeof(verb))
		return NULL;
	return zen_op_find(op->group, verb);
}

/* The second words of op's two-word verbs ("payout" of "vote payout"). */
static void complete_sub_verbs(FILE *out, const struct zen_op *op,
			       const char *cur)
{
	size_t n = op->verb ? strlen(op->verb) : 0;

	for (const struct zen_op *o = zen_ops; n && o->group; o++)
		if (!strcmp(o->group, op->group) && o->verb &&
		    !strncmp(o->verb, op->verb, n) && o->verb[n] == ' ')
			complete_prefix(out, o->verb + n + 1, cur);
}

/*
 * argv holds the words after "zen", the last being the one to complete
 * (possibly empty).  Prints candidates, one a line.
 */
void cli_complete(FILE *out, int argc, char **argv)
{
	const char *words[2] = { NULL, NULL }, *cur = argc ? argv[argc - 1] : "";
	const struct zen_op *op = NULL, *sub;
	int nwords = 0, npos = 0;

	for (int i = 0; i < argc - 1; i++) {
		if (argv[i][0] == '-') {
			if (takes_value(op, argv[i]))
				i++;
			continue;
		}
		if (nwords < 2 && !op) {
			words[nwords++] = argv[i];
			op = zen_op_find(words[0], nwords > 1 ? words[1] : NULL);
		} else if (op && !npos && (sub = sub_verb(op, argv[i]))) {
			op = sub;
			npos++;
		} else {
			npos++;
		}
	}
	if (argc >= 2 && !strcmp(argv[argc - 2], "--chain")) {
		complete_prefix(out, "main", cur);
		complete_prefix(out, "test", cur);
		complete_prefix(out, "local", cur);
		return;
	}
	if (cur[0] == '-') {
		complete_options(out, op, cur);
		return;
	}
	if (op && !npos)
		complete_sub_verbs(out, op, cur);
	if (op)
		return;		/* positional values: let the shell complete files */
	if (nwords == 0) {
		complete_prefix(out, "help", cur);
		complete_prefix(out, "version", cur);
	}
	for (const struct zen_op *o = zen_ops; o->group; o++) {
		if (nwords == 0 && (o == zen_ops || strcmp(o[-1].group, o->group)))
			complete_prefix(out, o->group, cur);
		else if (nwords == 1 && !strcmp(o->group, words[0]) && o->verb &&
			 !strchr(o->verb, ' '))
			complete_prefix(out, o->verb, cur);
	}
}
