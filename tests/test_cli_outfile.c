/* test_cli_outfile.c - the output-file rule (src/cli/cli_outfile.c) and the
 * shared numeric limits (src/cli/cli_limits.c): a new file, an existing one
 * only with --force (its mode kept, a read-only one refused), never an input,
 * a symbolic link, a FIFO (without blocking) or a directory; the temporary
 * file removed on an error, on a write error (RLIMIT_FSIZE: a "full disk"),
 * on SIGTERM/SIGINT/SIGHUP, and after a kill -9 by the next run.  A
 * checkpoint (cli_checkpoint_write) replaces the previous one without
 * --force, and a writer killed with SIGKILL at any moment leaves a whole
 * checkpoint, never a part of one. */
#include "support/harness.h"

#include "cli/cli.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char dir[64];

static void fresh_dir(void)
{
    strcpy(dir, "/tmp/tk_outfile.XXXXXX");
    if (!mkdtemp(dir))
        dir[0] = 0;
}

static void rm_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[512];
    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            if (unlink(p) != 0)
                rmdir(p);
        }
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* entries of dir whose name holds ".tilekit-" */
static int temps(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    while (d && (e = readdir(d)) != NULL)
        n += strstr(e->d_name, ".tilekit-") != NULL;
    if (d)
        closedir(d);
    return n;
}

static char *path(const char *name)
{
    static char p[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void put(const char *p, const char *text)
{
    FILE *f = fopen(p, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static int same(const char *p, const char *text)
{
    char buf[256] = {0};
    FILE *f = fopen(p, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    return n == strlen(text) && memcmp(buf, text, n) == 0;
}

/* Name p an input (cli_out_input remembers its device and inode for the
 * process's life) and hold it open to the end: its inode, freed when the
 * test's directory goes, could otherwise be a later test's new file, which
 * the registry would then take for this input and refuse to replace. */
static void mark_input(const char *p)
{
    cli_out_input(p);
    CHECK(open(p, O_RDONLY) >= 0);     /* never closed, on purpose */
}

static void test_new_and_force(void)
{
    fresh_dir();
    REQUIRE(dir[0]);
    tk_error e = {0};
    cli_out_set_force(0);
    CHECK(cli_out_write_file(path("a.txt"), "one\n", 4, &e) == 0);
    CHECK(same(path("a.txt"), "one\n"));
    CHECK(cli_out_write_file(path("a.txt"), "two\n", 4, &e) != 0);      /* exists, no --force */
    CHECK(strstr(e.msg, "--force") != NULL);
    CHECK(same(path("a.txt"), "one\n"));
    chmod(path("a.txt"), 0640);
    cli_out_set_force(1);
    CHECK(cli_out_write_file(path("a.txt"), "two\n", 4, &e) == 0);
    CHECK(same(path("a.txt"), "two\n"));
    struct stat st;
    CHECK(stat(path("a.txt"), &st) == 0 && (st.st_mode & 07777) == 0640);   /* mode kept */
    chmod(path("a.txt"), 0444);
    CHECK(cli_out_write_file(path("a.txt"), "three\n", 6, &e) != 0);     /* read-only */
    CHECK(strstr(e.msg, "read-only") != NULL);
    CHECK(same(path("a.txt"), "two\n"));
    CHECK(temps() == 0);
    cli_out_set_force(0);
    rm_dir();
}

static void test_refused(void)
{
    fresh_dir();
    REQUIRE(dir[0]);
    tk_error e = {0};
    cli_out_set_force(1);                          /* --force changes none of these */
    put(path("victim"), "keep\n");
    CHECK(symlink(path("victim"), path("link")) == 0);
    CHECK(cli_out_write_file(path("link"), "x", 1, &e) != 0);
    CHECK(strstr(e.msg, "symbolic link") != NULL);
    CHECK(same(path("victim"), "keep\n"));
    CHECK(mkfifo(path("fifo"), 0600) == 0);
    CHECK(cli_out_write_file(path("fifo"), "x", 1, &e) != 0);      /* returns: never opened */
    CHECK(strstr(e.msg, "FIFO") != NULL);
    CHECK(cli_out_write_file(dir, "x", 1, &e) != 0);
    CHECK(cli_out_write_file(path("sub/"), "x", 1, &e) != 0);
    CHECK(cli_out_write_file("/dev/null", "x", 1, &e) != 0);
    CHECK(strstr(e.msg, "device") != NULL);
    put(path("input"), "in\n");
    CHECK(link(path("input"), path("hard")) == 0);
    mark_input(path("input"));
    CHECK(cli_out_write_file(path("input"), "x", 1, &e) != 0);
    CHECK(strstr(e.msg, "input") != NULL);
    CHECK(cli_out_write_file(path("hard"), "x", 1, &e) != 0);      /* same inode, other name */
    CHECK(same(path("input"), "in\n"));
    CHECK(cli_out_write_file(path("nodir/x"), "x", 1, &e) != 0);
    CHECK(cli_out_mkdirs(path("d1/d2/d3"), &e) == 0);
    CHECK(cli_out_mkdirs(path("d1/d2/d3"), &e) == 0);              /* already there: fine */
    CHECK(cli_out_write_file(path("d1/d2/d3/x"), "x", 1, &e) == 0);
    CHECK(cli_out_mkdirs(path("victim/d"), &e) != 0);
    CHECK(temps() == 0);
    cli_out_set_force(0);
    rm_dir();
}

/* A write error (the file size limit stands in for a full disk): error, the
 * target untouched, no temporary file. */
static void test_write_error(void)
{
    fresh_dir();
    REQUIRE(dir[0]);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit rl = { 1000, 1000 };
        setrlimit(RLIMIT_FSIZE, &rl);
        static char big[100000];
        memset(big, 'x', sizeof big);
        tk_error e = {0};
        int rc = cli_out_write_file(path("big"), big, sizeof big, &e);
        _exit(rc != 0 && strstr(e.msg, "error") ? 0 : 1);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK(access(path("big"), F_OK) != 0);           /* no 0-byte or truncated file */
    CHECK(temps() == 0);
    rm_dir();
}

/* A child opens an output, writes, and gets signal sig: the temporary file
 * must be gone afterwards except after SIGKILL; then the next open cleans it. */
static void signalled(int sig)
{
    fresh_dir();
    if (!dir[0]) {
        CHECK(dir[0]);
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        cli_out o;
        tk_error e = {0};
        if (cli_out_open(&o, path("out"), &e) != 0)
            _exit(3);
        fputs("partial", o.f);
        fflush(o.f);
        raise(sig);
        _exit(4);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    CHECKF(WIFSIGNALED(st) && WTERMSIG(st) == sig, "signal %d: child status %d", sig, st);
    CHECK(access(path("out"), F_OK) != 0);
    if (sig == SIGKILL) {
        CHECKF(temps() == 1, "%d temporary files after kill -9", temps());
        tk_error e = {0};
        CHECK(cli_out_write_file(path("out"), "x", 1, &e) == 0);   /* cleans the leftover */
    }
    CHECKF(temps() == 0, "signal %d: %d temporary files left", sig, temps());
    rm_dir();
}

static void test_signals(void)
{
    signalled(SIGTERM);
    signalled(SIGINT);
    signalled(SIGHUP);
    signalled(SIGKILL);
}

static void test_checkpoint_rule(void)
{
    fresh_dir();
    REQUIRE(dir[0]);
    tk_error e = {0};
    cli_out_set_force(0);
    CHECK(cli_checkpoint_write(path("run.ckpt"), "one\n", 4, &e) == 0);
    CHECK(cli_checkpoint_write(path("run.ckpt"), "two\n", 4, &e) == 0);     /* no --force needed */
    CHECK(same(path("run.ckpt"), "two\n"));
    put(path("victim"), "keep\n");
    CHECK(symlink(path("victim"), path("link")) == 0);
    CHECK(cli_checkpoint_write(path("link"), "x", 1, &e) != 0 && strstr(e.msg, "symbolic link"));
    CHECK(mkfifo(path("fifo"), 0600) == 0);
    CHECK(cli_checkpoint_write(path("fifo"), "x", 1, &e) != 0 && strstr(e.msg, "FIFO"));
    put(path("in.txt"), "input\n");
    mark_input(path("in.txt"));
    CHECK(cli_checkpoint_write(path("in.txt"), "x", 1, &e) != 0);
    CHECK(same(path("victim"), "keep\n") && same(path("in.txt"), "input\n"));
    CHECK(temps() == 0);
    rm_dir();
}

/* Checkpoint k: "ckpt K N\n", N bytes of one letter, "\nend K\n".  1 if
 * the file at p is one whole checkpoint (k set), 0 if it is absent, -1 if
 * it is anything else (a part of one). */
static int whole_checkpoint(const char *p, long *k)
{
    size_t len;
    char *t = th_read_file(p, &len);
    if (!t)
        return 0;
    long n = -1, k2 = -2;
    int off = 0, ok = sscanf(t, "ckpt %ld %ld\n%n", k, &n, &off) == 2 && off > 0 && n >= 0 &&
                       len == (size_t)off + (size_t)n + strlen("\nend \n") + (size_t)snprintf(NULL, 0, "%ld", *k);
    for (long i = 0; ok && i < n; i++)
        ok = t[off + i] == 'a' + *k % 26;
    ok = ok && sscanf(t + off + n, "\nend %ld\n", &k2) == 1 && k2 == *k;
    free(t);
    return ok ? 1 : -1;
}

/* A child writes checkpoints 1, 2, ... of 1 to 300 KB as fast as it can; it
 * is killed with SIGKILL after a few milliseconds, 30 times over. */
static void test_checkpoint_kill(void)
{
    fresh_dir();
    REQUIRE(dir[0]);
    th_rng r = { 0xc4ec };
    long last = 0;
    int kills = 0, seen = 0;
    for (int round = 0; round < 30; round++) {
        fflush(stdout);
        pid_t pid = fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            static char buf[320000];
            tk_error e = {0};
            for (long k = last + 1;; k++) {
                long n = 1000 + (long)((k * 7919) % 300000);
                int off = sprintf(buf, "ckpt %ld %ld\n", k, n);
                memset(buf + off, 'a' + (int)(k % 26), (size_t)n);
                off += (int)n + sprintf(buf + off + n, "\nend %ld\n", k);
                if (cli_checkpoint_write(path("run.ckpt"), buf, (size_t)off, &e) != 0) {
                    fprintf(stderr, "checkpoint %ld: %s\n", k, e.msg);
                    _exit(1);
                }
            }
        }
        struct timespec ts = { 0, (long)(1 + th_below(&r, 20)) * 1000000L };
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        int st = 0;
        waitpid(pid, &st, 0);
        kills += WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL;
        long k = 0;
        int w = whole_checkpoint(path("run.ckpt"), &k);
        CHECKF(w >= 0, "round %d: the checkpoint is not whole", round);
        CHECKF(w == 0 || k >= last, "round %d: checkpoint %ld after %ld", round, k, last);
        if (w == 1) {
            seen++;
            last = k;
        }
    }
    CHECK(kills == 30);
    /* under memcheck (TK_TEST_SCALE < 1, valgrind-check.sh) a writer needs
     * longer than the first kills allow to write its first checkpoint */
    CHECKF(seen >= (th_scale() < 1 ? 1 : 25), "only %d rounds left a checkpoint", seen);
    /* the temporary file a kill left is removed by the next write there */
    tk_error e = {0};
    CHECKF(cli_checkpoint_write(path("run.ckpt"), "ckpt 0 0\n\nend 0\n", 16, &e) == 0, "%s", e.msg);
    CHECK(temps() == 0);
    rm_dir();
}

/* the numeric parsers: run in a child, whose exit status is the verdict */
static int parses(int kind, const char *s)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        if (kind == 0)
            cli_parse_long("--n", s, 0, 1000);
        else if (kind == 1)
            cli_parse_u64("--seed", s, 0, UINT64_MAX);
        else
            cli_parse_real("--seconds", s, 0, 1, CLI_SECONDS_MAX);
        _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static void test_numbers(void)
{
    CHECK(parses(0, "0") && parses(0, "1000") && !parses(0, "1001") && !parses(0, "-1"));
    CHECK(!parses(0, " 5") && !parses(0, "+5") && !parses(0, "5 ") && !parses(0, "0x10") && !parses(0, ""));
    CHECK(!parses(0, "99999999999999999999999"));
    CHECK(parses(1, "0") && parses(1, "18446744073709551615"));
    CHECK(!parses(1, "18446744073709551616") && !parses(1, "2^64") && !parses(1, "-1") && !parses(1, "1e3"));
    CHECK(parses(2, "1e9") && parses(2, "0.5") && parses(2, "60") && parses(2, ".5") && parses(2, "1E+2"));
    CHECK(!parses(2, "0") && !parses(2, "1e10") && !parses(2, "inf") && !parses(2, "nan") && !parses(2, "0x10"));
    CHECK(!parses(2, "1e999") && !parses(2, "-1") && parses(2, "1.") && !parses(2, "e5") && !parses(2, ""));
}

static const th_test tests[] = {
    {"new_and_force", test_new_and_force},
    {"refused", test_refused},
    {"write_error", test_write_error},
    {"signals", test_signals},
    {"numbers", test_numbers},
    {"checkpoint_rule", test_checkpoint_rule},
    {"checkpoint_kill", test_checkpoint_kill},
    {0, 0}
};

int main(int argc, char **argv)
{
    cli_init("test_cli_outfile");
    /* the default actions, as a tool started from a shell has them (run
     * under nohup, SIGHUP would be ignored: cli_outfile then leaves it so) */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    return th_main("cli_outfile", tests, argc, argv);
}
